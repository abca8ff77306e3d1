import { createContext, useContext } from 'react'

/** The CSP nonce of the current response, for <Scripts>, <ScrollRestoration> and any inline script. */
const NonceContext = createContext<string | undefined>(undefined)
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
