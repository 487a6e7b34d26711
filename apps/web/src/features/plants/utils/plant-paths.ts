/** The plant detail page (Plant Center → plant list → one plant). */
export const plantDetailPath = (plantId: number) => `/plantCenter/plantList/${plantId}`;
