/** Serial numbers: uppercase letters and digits, 8 to 32 characters. */
export const SERIAL_NUMBER_PATTERN = /^[A-Z0-9]{8,32}$/;
