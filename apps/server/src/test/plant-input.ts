/** A valid body for POST /api/plants (every R3.2 field), for tests that need one to vary. */
export const VALID_PLANT_INPUT = {
  name: 'Olomouc_Střecha',
  type: 1,
  powerKw: 8.2,
  capacityKwh: 10,
  longitude: '17.251175',
  latitude: '49.593778',
  address: 'Horní náměstí 1, Olomouc',
  azimuthDeg: 170,
  inclinationDeg: 30,
  currency: 'CZK',
  onGridType: 2,
  timeZone: 'Europe/Prague',
  constructionDate: '2024-05-01',
};
