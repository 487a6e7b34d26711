/**
 * Solar geometry (the NOAA solar calculator equations) and a simple clear-sky irradiance model (Meinel with the
 * Kasten–Young air mass, diffuse 10 % of direct normal). Angles in degrees; azimuth is compass, clockwise from north.
 */
const RAD = Math.PI / 180;
const DAY_MS = 86_400_000;
/** Solar constant as used by the Meinel model, W/m². */
const SOLAR_CONSTANT = 1353;

export interface SolarPosition {
  declinationDeg: number;
  /** Equation of time in minutes (apparent minus mean solar time). */
  equationOfTimeMin: number;
  /** Hour angle: 0 at solar noon, negative in the morning. */
  hourAngleDeg: number;
  elevationDeg: number;
  azimuthDeg: number;
}

/** Position of the sun for a place at a UTC instant (NOAA solar calculator, after Meeus; about 0.01° accurate). */
export function solarPosition(latitudeDeg: number, longitudeDeg: number, utcMs: number): SolarPosition {
  const julianCentury = (utcMs / DAY_MS + 2440587.5 - 2451545) / 36525;
  const t = julianCentury;
  const meanLongitude = (((280.46646 + t * (36000.76983 + t * 0.0003032)) % 360) + 360) % 360;
  const meanAnomaly = 357.52911 + t * (35999.05029 - 0.0001537 * t);
  const eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t);
  const m = meanAnomaly * RAD;
  const centre =
    Math.sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t)) +
    Math.sin(2 * m) * (0.019993 - 0.000101 * t) +
    Math.sin(3 * m) * 0.000289;
  const omega = (125.04 - 1934.136 * t) * RAD;
  const apparentLongitude = (meanLongitude + centre - 0.00569 - 0.00478 * Math.sin(omega)) * RAD;
  const meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60;
  const obliquity = (meanObliquity + 0.00256 * Math.cos(omega)) * RAD;
  const decl = Math.asin(Math.sin(obliquity) * Math.sin(apparentLongitude));

  const y = Math.tan(obliquity / 2) ** 2;
  const l0 = meanLongitude * RAD;
  const e = eccentricity;
  const equationOfTimeMin =
    (4 / RAD) *
    (y * Math.sin(2 * l0) -
      2 * e * Math.sin(m) +
      4 * e * y * Math.sin(m) * Math.cos(2 * l0) -
      0.5 * y * y * Math.sin(4 * l0) -
      1.25 * e * e * Math.sin(2 * m));

  const minutesOfDay = (((utcMs % DAY_MS) + DAY_MS) % DAY_MS) / 60_000;
  const trueSolarMin = minutesOfDay + equationOfTimeMin + 4 * longitudeDeg;
  const hourAngleDeg = ((((trueSolarMin / 4 - 180 + 540) % 360) + 360) % 360) - 180;
  const lat = latitudeDeg * RAD;
  const ha = hourAngleDeg * RAD;
  const sinElevation = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(ha);
  const elevationDeg = Math.asin(Math.max(-1, Math.min(1, sinElevation))) / RAD;
  const azimuthFromSouth = Math.atan2(Math.sin(ha), Math.cos(ha) * Math.sin(lat) - Math.tan(decl) * Math.cos(lat));
  const azimuthDeg = (azimuthFromSouth / RAD + 180 + 360) % 360;
  return { declinationDeg: decl / RAD, equationOfTimeMin, hourAngleDeg, elevationDeg, azimuthDeg };
}

/** Relative optical air mass (Kasten & Young 1989); Infinity below the horizon. */
export function airMass(elevationDeg: number): number {
  if (elevationDeg <= 0) return Infinity;
  const zenith = 90 - elevationDeg;
  return 1 / (Math.cos(zenith * RAD) + 0.50572 * (96.07995 - zenith) ** -1.6364);
}

export interface Irradiance {
  /** Direct normal, W/m². */
  dni: number;
  /** Diffuse horizontal, W/m². */
  dhi: number;
  /** Global horizontal, W/m². */
  ghi: number;
}

/** Clear-sky irradiance for a sun elevation (Meinel: DNI = 1353 × 0.7^(AM^0.678)); zero at night. */
export function clearSkyIrradiance(elevationDeg: number): Irradiance {
  if (elevationDeg <= 0) return { dni: 0, dhi: 0, ghi: 0 };
  const dni = SOLAR_CONSTANT * 0.7 ** (airMass(elevationDeg) ** 0.678);
  const dhi = 0.1 * dni;
  return { dni, dhi, ghi: dni * Math.sin(elevationDeg * RAD) + dhi };
}

/**
 * The irradiance under a sky letting `clearness` of the clear-sky global irradiance through (the clear-sky index).
 * Clouds take the beam first: below an index of 0.3 all light is diffuse, at 0.95 and above the split is the clear
 * sky's, linear between (a simple stand-in for the Erbs diffuse-fraction correlation).
 */
export function cloudyIrradiance(elevationDeg: number, clearness: number): Irradiance {
  const clear = clearSkyIrradiance(elevationDeg);
  if (clear.ghi === 0) return clear;
  const ghi = clear.ghi * clearness;
  const clearShare = clear.dhi / clear.ghi;
  const diffuseShare =
    clearness <= 0.3 ? 1 : clearness >= 0.95 ? clearShare : 1 - ((1 - clearShare) * (clearness - 0.3)) / (0.95 - 0.3);
  const dhi = ghi * diffuseShare;
  const sinElevation = Math.sin(elevationDeg * RAD);
  const dni = Math.min(clear.dni, (ghi - dhi) / sinElevation);
  return { dni, dhi, ghi: dni * sinElevation + dhi };
}

/** Angle of incidence of the sun on a panel (0 = perpendicular), degrees. */
export function incidenceAngleDeg(sun: SolarPosition, panelAzimuthDeg: number, panelTiltDeg: number): number {
  const zenith = (90 - sun.elevationDeg) * RAD;
  const tilt = panelTiltDeg * RAD;
  const cos =
    Math.cos(zenith) * Math.cos(tilt) +
    Math.sin(zenith) * Math.sin(tilt) * Math.cos((sun.azimuthDeg - panelAzimuthDeg) * RAD);
  return Math.acos(Math.max(-1, Math.min(1, cos))) / RAD;
}

/**
 * Plane-of-array irradiance (W/m²): beam on the panel + isotropic sky diffuse + ground reflection (albedo 0.2).
 */
export function planeOfArrayIrradiance(
  sun: SolarPosition,
  irradiance: Irradiance,
  panelAzimuthDeg: number,
  panelTiltDeg: number,
  albedo = 0.2,
): number {
  if (sun.elevationDeg <= 0) return 0;
  const cosIncidence = Math.cos(incidenceAngleDeg(sun, panelAzimuthDeg, panelTiltDeg) * RAD);
  const tilt = panelTiltDeg * RAD;
  const beam = irradiance.dni * Math.max(0, cosIncidence);
  const sky = (irradiance.dhi * (1 + Math.cos(tilt))) / 2;
  const ground = (irradiance.ghi * albedo * (1 - Math.cos(tilt))) / 2;
  return beam + sky + ground;
}
