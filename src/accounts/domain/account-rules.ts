/** How long the links of account e-mails stay valid. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const EMAIL_CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
