import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { useUi } from '../../app/ui-store';

/** What a create call needs of `useFormProblems`. */
interface Problems {
  clearServer(): void;
  fromError(error: unknown): void;
}

/**
 * A billing form's create call (product, plan, subscription): a send clears the API's earlier field
 * problems and a refusal puts the new ones at their inputs; a success says what was made, refreshes
 * every list that may show it and hands its id on, so the caller can open it.
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
  return useMutation({
    mutationFn: create,
    onMutate: problems.clearServer,
    onSuccess: (created) => {
      notify(notice(created), 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      onCreated(created.id);
    },
    onError: problems.fromError,
  });
}
