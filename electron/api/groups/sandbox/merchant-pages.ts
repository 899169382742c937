import type { FastifyInstance } from 'fastify';
import { MERCHANT_CANCEL_PATH, MERCHANT_RETURN_PATH } from '../../../../shared/api/sandbox/merchant-pages.js';
import { buyerPageLayout, escapeHtml, sendBuyerPage } from '../../pipeline/buyer-page.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';

/** Query parameters shown at most (a page of a browser's address bar, not a store). */
const MAX_SHOWN = 20;

function queryTable(query: Record<string, unknown>): string {
  const rows = Object.entries(query)
    .slice(0, MAX_SHOWN)
    .map(
      ([name, value]) =>
        `<tr><td><code>${escapeHtml(name)}</code></td><td class="amount"><code data-param="${escapeHtml(name)}">${escapeHtml(
          Array.isArray(value) ? value.join(', ') : String(value),
        )}</code></td></tr>`,
    )
    .join('');
  return rows ? `<table>${rows}</table>` : '<p class="muted">The address carried no query parameters.</p>';
}

/**
 * The merchant's return and cancel pages of the sandbox (plain HTML, no script): the workbench's forms
 * use them as default `return_url` and `cancel_url`, so an approval ends on a page of this host that
 * shows what came back, instead of a site that does not exist.
 */
export function registerMerchantPages(app: FastifyInstance, table: RouteTable): void {
  const pages = [
    {
      path: MERCHANT_RETURN_PATH,
      title: 'Back at the merchant',
      lead: 'The buyer approved and the platform sent them back to the return URL, with these parameters. A real site reads them here and goes on (captures the order, shows the subscription).',
    },
    {
      path: MERCHANT_CANCEL_PATH,
      title: 'Cancelled at the merchant',
      lead: 'The buyer cancelled and the platform sent them back to the cancel URL, with these parameters. Nothing was approved.',
    },
  ];
  for (const { path, title, lead } of pages) {
    table.add('GET', path);
    app.get(path, { config: { public: true, html: true } }, async (request, reply) =>
      sendBuyerPage(
        reply,
        200,
        buyerPageLayout(
          title,
          `<h1>${escapeHtml(title)}</h1><p class="muted">This page of the sandbox stands in for your site.</p><p>${escapeHtml(lead)}</p>${queryTable(
            (request.query ?? {}) as Record<string, unknown>,
          )}`,
        ),
      ),
    );
  }
}
