export const TEST_ADMIN_PASSWORD = 'Admin-Pass1';
export const TEST_CAPTCHA_CODE = 'TEST';
