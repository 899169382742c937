import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ApiResponse, ResourceKind } from '../../../shared/bridge';
import { navigate, resourceRoute } from '../app/router';
import { JsonBodyField } from './json-body-field';
import { MoneyDialogForm } from './money-dialog';

/**
 * The form of a dialog that creates a resource from its JSON body typed by hand, as an integration
 * sends it (the deprecated v1 APIs, whose bodies are too free for a field-by-field form). The text
 * starts from the endpoint's documented example; a body that does not parse is refused in place,
 * before any call, and the API's refusal shows above the buttons with its details pointing at members.
 */
export function JsonBodyForm({
  name,
  title,
  example,
  request,
  hint,
  send,
  call,
  onClose,
  failedTitle,
  submitLabel,
  children,
}: {
  /** The money dialog's name: `<name>-body`, `<name>-submit` and `<name>-error` are the test ids. */
  name: string;
  title: string;
  example: unknown;
  /** What the call is ("POST /v1/payments/payment") and what replaces it. */
  request: string;
  hint: string;
  send(body: unknown): void;
  call: { error: unknown; isPending: boolean; reset(): void };
  onClose(): void;
  failedTitle: string;
  submitLabel: string;
  /** Fields sent beside the body (a header). */
  children?: ReactNode;
}) {
  const [text, setText] = useState(() => JSON.stringify(example, null, 2));
  const [syntax, setSyntax] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      setSyntax(error instanceof Error ? error.message : 'Not JSON.');
      return;
    }
    setSyntax(undefined);
    send(body);
  };
  return (
    <MoneyDialogForm
      name={name}
      title={title}
      onSubmit={submit}
      onClose={onClose}
      call={call}
      invalid={false}
      failedTitle={failedTitle}
      submitLabel={submitLabel}
      pendingLabel="Creating…"
    >
      <Typography variant="body2" color="text.secondary">
        {request}
      </Typography>
      {children}
      <JsonBodyField value={text} onChange={setText} syntax={syntax} hint={hint} testId={`${name}-body`} />
    </MoneyDialogForm>
  );
}

/** What a create call does once the API answered: closes the dialog and opens the new resource's page. */
export function openCreated(kind: ResourceKind, onClose: () => void): (response: ApiResponse) => void {
  return (response) => {
    const id = (response.body as { id?: string } | undefined)?.id;
    onClose();
    if (id) navigate(resourceRoute(kind, id));
  };
}
