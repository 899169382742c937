import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { queryKeys } from '../../api/query-keys';
import { useUi } from '../../app/ui-store';

/** What a create call needs of `useFormProblems`. */
interface Problems {
  clearServer(): void;
  fromError(error: unknown): void;
  showAll(): void;
  count: number;
}

/**
 * A billing form's create call (product, plan, subscription): a send clears the API's earlier field
 * problems and a refusal puts the new ones at their inputs; a success says what was made, refreshes
 * every list that may show it and hands its id on, so the caller can open it. `submit` is the form's
 * submit handler: a draft with problems shows them all instead of being sent, and a send never repeats
 * while one runs.
 */
export function useCreateCall<R extends { id: string }>({
  problems,
  create,
  notice,
  onCreated,
}: {
  problems: Problems;
  create(): Promise<R>;
  notice(created: R): string;
  onCreated(id: string): void;
}) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const call = useMutation({
    mutationFn: create,
    onMutate: problems.clearServer,
    onSuccess: (created) => {
      notify(notice(created), 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      onCreated(created.id);
    },
    onError: problems.fromError,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problems.count > 0) {
      problems.showAll();
      return;
    }
    if (!call.isPending) call.mutate();
  };
  return { call, submit };
}
