import { useMemo, useRef } from 'react';

export interface RequestIds {
  /**
   * The request id for a write of these inputs (`key` names them): the previous id while the inputs are the same
   * and that write did not succeed, so a retry after a lost answer is recognised by the database and applied once;
   * a new id when the inputs change.
   */
  idFor: (key: string) => string;
  /** After a success: the next write, even of the same inputs, is a new request. */
  done: () => void;
}

/** Client-generated request ids for one form or button's writes (the create RPCs take them as p_request_id). */
export function useRequestIds(): RequestIds {
  const last = useRef<{ key: string; id: string } | null>(null);
  return useMemo(
    () => ({
      idFor: (key) => {
        if (last.current?.key !== key) last.current = { key, id: crypto.randomUUID() };
        return last.current.id;
      },
      done: () => {
        last.current = null;
      },
    }),
    [],
  );
}
