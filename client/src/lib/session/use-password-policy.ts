import { useEffect } from 'react';
import { loadPasswordPolicy } from '../../../../libs/password-policy/src/index';

/** Starts fetching the password rule's dictionaries as a form that sets a password shows, so its first check waits for nothing. */
export function usePasswordPolicy(): void {
  useEffect(() => {
    void loadPasswordPolicy();
  }, []);
}
