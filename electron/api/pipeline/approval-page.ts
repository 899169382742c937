import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Store } from '../../store/store.js';
import { FORM_MEDIA_TYPE } from './accept.js';
import { ApiError } from './api-error.js';
import {
  buyerEmailField,
  buyerPageLayout,
  CSRF_FIELD,
  formCsrfToken,
  escapeHtml,
  formTargets,
  sandboxBuyerEmails,
  sendBuyerPage,
  validFormCsrfToken,
  withQuery,
  type Render,
} from './buyer-page.js';
import type { RouteTable } from './route-not-found.js';

/** A request's fields: the query of a GET, the urlencoded form of a POST. */
export type PageFields = Readonly<Record<string, unknown>>;

/** A submitted approval form: the buyer it names and every field it carried. */
export interface Submission {
  buyerEmail: string;
  form: Readonly<Record<string, string | undefined>>;
}

/** What a page's `render` is given to draw its form. */
export interface ApprovalView {
  buyers: readonly string[];
  buyerEmail: string;
  /** Why the last submission was refused, as an alert paragraph; empty when nothing was refused. */
  alert: string;
  /**
   * The form that posts back to the page: the hidden fields that name the resource and its CSRF token,
   * then `fields` (trusted HTML, one a line), then the Cancel button and the approve button labelled
   * `approveLabel`.
   */
  form(fields: readonly string[], approveLabel: string): string;
}

/**
 * Where the buyer goes when the flow ends: the merchant's URL with the flow's query parameters, or a
 * page of this host when the resource names no URL (so the flow ends somewhere offline too).
 * `outcome` is what the approval returned (nothing for a cancel).
 */
export interface Destination<R, O> {
  url(resource: R): string | undefined;
  query(resource: R, outcome: O): Record<string, string>;
  page(resource: R, outcome: O): Render;
}

/** One buyer approval page: what differs between orders, payments, vault and subscriptions. */
export interface ApprovalPageSpec<R, A> {
  path: string;
  /** The query parameter (GET) and form field (POST) that carry the token naming the resource. */
  tokenField: string;
  /** The resource a non-empty token names, if the buyer may act on it; `fields` has the rest. */
  find(token: string, fields: PageFields): R | undefined;
  notFound(token: string): Render;
  /** The flow a form's CSRF token is for (`checkout`): tokens sign it with the id of `csrfId`. */
  csrfFlow: string;
  /** The id of the resource the form acts on; by default the resource's own `id`. */
  csrfId?(resource: R): string;
  /**
   * The hidden fields that name the resource in the form, so that its POST finds it again; by default
   * the token field holding the resource's `id`.
   */
  hiddenFields?(resource: R): Record<string, string>;
  /** The buyer the form starts with, and whom a submission without an e-mail stands for. */
  defaultBuyerEmail(resource: R): string;
  /** The merchant URLs a submission may redirect to: CSP `form-action` applies to the redirect too. */
  redirectUrls(resource: R): readonly (string | undefined)[];
  /** Pictures the page shows from elsewhere (a merchant's logo), for CSP `img-src`. */
  imageUrls?(resource: R): readonly (string | undefined)[];
  /** The page with its form (`view.form`) while the resource awaits the buyer. */
  render(resource: R, view: ApprovalView): Render;
  refusals: {
    /** A POST whose CSRF token is missing or not this form's (403). */
    forgedForm: string;
    /** A POST whose `action` is neither `approve` nor `cancel` (400). */
    unknownAction: string;
  };
  cancel: Destination<R, undefined>;
  /** `run` approves inside one store transaction; an ApiError it throws is shown above the form. */
  approve: Destination<R, A> & { run(resource: R, submission: Submission): A };
}

/** The page for a token that names no `noun` (`Order`): what most approval pages answer with 404. */
export const unknownTokenPage = (noun: string, token: string): Render =>
  buyerPageLayout(
    `${noun} not found`,
    `<h1>${noun} not found</h1><p>No ${noun.toLowerCase()} has the token <code>${escapeHtml(token)}</code>.</p>`,
  );

/**
 * Serves a buyer approval page at `spec.path` as HTML that works without JavaScript. GET shows the
 * resource and its form; the form's POST approves (303 to the return URL) or cancels (303 to the cancel
 * URL). A refused submission shows the form again with the reason and the matching status.
 */
export function registerApprovalPage<R, A>(
  app: FastifyInstance,
  table: RouteTable,
  store: Store,
  spec: ApprovalPageSpec<R, A>,
): void {
  const lookUp = (token: string, fields: PageFields) => (token ? spec.find(token, fields) : undefined);
  // Most pages name their resource by its id, in the token field.
  const idOf = (resource: R): string => (resource as unknown as { id: string }).id;
  const csrfId = spec.csrfId ?? idOf;
  const hiddenFields = spec.hiddenFields ?? ((resource: R) => ({ [spec.tokenField]: idOf(resource) }));
  const notFound = (reply: FastifyReply, token: string) => sendBuyerPage(reply, 404, spec.notFound(token));
  const showForm = (reply: FastifyReply, status: number, resource: R, buyerEmail: string, error?: string) =>
    sendBuyerPage(
      reply,
      status,
      spec.render(resource, {
        buyers: sandboxBuyerEmails(store),
        buyerEmail,
        alert: error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '',
        form: (fields, approveLabel) =>
          approvalForm(
            spec.path,
            {
              ...hiddenFields(resource),
              [CSRF_FIELD]: formCsrfToken({ flow: spec.csrfFlow, id: csrfId(resource) }),
            },
            fields,
            approveLabel,
          ),
      }),
      formTargets(spec.redirectUrls(resource)),
      formTargets(spec.imageUrls?.(resource) ?? []),
    );
  const leave = <O>(reply: FastifyReply, destination: Destination<R, O>, resource: R, outcome: O) => {
    const url = destination.url(resource);
    if (url) return reply.redirect(withQuery(url, destination.query(resource, outcome)), 303);
    // This host's own result page has no form, so its policy lets no form reach a merchant.
    return sendBuyerPage(reply, 200, destination.page(resource, outcome));
  };

  table.add('GET', spec.path);
  table.add('POST', spec.path);

  app.get(spec.path, { config: { public: true, html: true } }, async (request, reply) => {
    const query = request.query as PageFields;
    const token = String(query[spec.tokenField] ?? '');
    const resource = lookUp(token, query);
    if (!resource) return notFound(reply, token);
    return showForm(reply, 200, resource, spec.defaultBuyerEmail(resource));
  });

  app.post(
    spec.path,
    { config: { public: true, html: true, contentTypes: [FORM_MEDIA_TYPE] } },
    async (request, reply) => {
      const form = (request.body ?? {}) as Submission['form'];
      const token = form[spec.tokenField] ?? '';
      const resource = lookUp(token, form);
      if (!resource) return notFound(reply, token);
      const buyerEmail = (form.buyer_email ?? '').trim() || spec.defaultBuyerEmail(resource);
      // Only a form this page rendered may act: another site can post here but cannot read our token.
      if (!validFormCsrfToken({ flow: spec.csrfFlow, id: csrfId(resource) }, form[CSRF_FIELD]))
        return showForm(reply, 403, resource, buyerEmail, spec.refusals.forgedForm);
      if (form.action === 'cancel') return leave(reply, spec.cancel, resource, undefined);
      if (form.action !== 'approve')
        return showForm(reply, 400, resource, buyerEmail, spec.refusals.unknownAction);
      let outcome: A;
      try {
        outcome = store.transaction(() => spec.approve.run(resource, { buyerEmail, form }));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // The transaction rolled back: show the resource as stored, not as the failed approval left it.
        const stored = lookUp(token, form) ?? resource;
        return showForm(
          reply,
          error.status,
          stored,
          buyerEmail,
          error.details[0]?.description ?? error.message,
        );
      }
      return leave(reply, spec.approve, resource, outcome);
    },
  );
}

function approvalForm(
  action: string,
  hidden: Record<string, string>,
  fields: readonly string[],
  approveLabel: string,
): string {
  const inputs = Object.entries(hidden).map(
    ([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`,
  );
  return `<form method="post" action="${action}">
  ${inputs.join('\n  ')}
  ${fields.join('\n  ')}
  <div class="actions">
    <button class="secondary" type="submit" name="action" value="cancel">Cancel and return</button>
    <button class="primary" type="submit" name="action" value="approve">${escapeHtml(approveLabel)}</button>
  </div>
</form>`;
}

/** What an order's approval page shows around its summary; the order's machine says if it is approvable. */
export interface OrderApproval {
  brand: string;
  orderId: string;
  status: string;
  /** The order's lines and totals, as a table. */
  summary: string;
  approvable: boolean;
  /** What the page says instead of the form when the order cannot be approved (after "This order is X and"). */
  refusal: string;
}

/** The checkout page of an order (v1 and v2 alike): who is paid, the order, and the approve form. */
export function orderApprovalPage(order: OrderApproval, view: ApprovalView): Render {
  return buyerPageLayout(
    `Pay ${order.brand}`,
    `<h1>Pay ${escapeHtml(order.brand)}</h1>
<p class="muted">Sandbox checkout · order <code>${escapeHtml(order.orderId)}</code> · <span class="status" data-testid="order-status">${escapeHtml(order.status)}</span></p>
${order.summary}
${view.alert}
${
  order.approvable
    ? view.form([buyerEmailField(view.buyerEmail, view.buyers)], 'Approve payment')
    : `<p>This order is <strong>${escapeHtml(order.status)}</strong> and ${order.refusal}.</p>`
}`,
  );
}
