import { createContext, useContext } from 'react';

/** The Content-Security-Policy nonce of the current server render ('' in the browser, where it is not needed). */
export const NonceContext = createContext('');
export const useNonce = (): string => useContext(NonceContext);
