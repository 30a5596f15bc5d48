import { useState } from 'react';

type ResetFields = { email: string; resetCode: string; newPassword: string };
const emptyReset: ResetFields = { email: '', resetCode: '', newPassword: '' };

/**
 * What the auth screen keeps of a password reset while its mode is open: the fields typed and whether a code was
 * sent. `clear` empties both (on leaving the mode, and once the password is reset).
 */
export function useResetState() {
  const [fields, setFields] = useState(emptyReset);
  const [codeSent, setCodeSent] = useState(false);
  const clear = () => {
    setFields(emptyReset);
    setCodeSent(false);
  };
  return { fields, setFields, codeSent, setCodeSent, clear };
}

export type ResetState = ReturnType<typeof useResetState>;
