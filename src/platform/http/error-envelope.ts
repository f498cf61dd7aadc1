/** The one shape of every error response (DESIGN.md "Contracts shared by several modules"). */
export interface ErrorEnvelope {
  message: string;
  /** Field name → messages for that field, for validation errors. */
  modelState?: Record<string, string[]>;
}

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error has occurred.';
