import { createContext, useContext } from 'react';

/** True inside embedded (iframe) mode: the shell drops the sidebar and may hide its header. */
export const EmbedContext = createContext(false);

export function useEmbedded(): boolean {
  return useContext(EmbedContext);
}
