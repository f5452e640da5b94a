import { useMutation, type DefaultError, type UseMutateFunction, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * useMutation whose `mutate` does nothing while a previous call of the same hook is still pending: a double click,
 * or a second click before the button re-renders disabled, sends one request and shows one toast (the hook's own
 * onSuccess/onError). `mutateAsync` is left as it is, for callers that await on purpose.
 */
export function useSingleFlightMutation<TData = unknown, TError = DefaultError, TVariables = void, TOnMutateResult = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
): UseMutationResult<TData, TError, TVariables, TOnMutateResult> {
  const inFlight = useRef(false);
  const { onSettled } = options;
  const mutation = useMutation<TData, TError, TVariables, TOnMutateResult>({
    ...options,
    onSettled: (...args) => {
      inFlight.current = false;
      return onSettled?.(...args);
    },
  });
  const { mutate: run } = mutation;
  const mutate = useCallback<UseMutateFunction<TData, TError, TVariables, TOnMutateResult>>(
    (...args) => {
      if (inFlight.current) return;
      inFlight.current = true;
      run(...args);
    },
    [run],
  );
  return { ...mutation, mutate } as UseMutationResult<TData, TError, TVariables, TOnMutateResult>;
}
