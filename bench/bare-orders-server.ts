import Fastify from 'fastify';
import { tuneHeapForServing } from '../electron/host/heap-tuning.js';

/**
 * The floor of `npm run bench -- orders`, in a process of its own like `serve`: the same framework and
 * answer shape as an order create, none of the pipeline, validation or persistence; with the V8 setting
 * `serve` runs with, so the two differ only in what a create does. Prints `{"base_url": ...}` when
 * listening; SIGTERM closes it.
 */
const ORDERS_PATH = '/v2/checkout/orders';

tuneHeapForServing();
const app = Fastify();
let next = 0;
app.post(ORDERS_PATH, async (_request, reply) => {
  const id = `BARE${(next++).toString().padStart(13, '0')}`;
  const self = `http://127.0.0.1${ORDERS_PATH}/${id}`;
  return reply.code(201).send({
    id,
    status: 'CREATED',
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: `http://127.0.0.1/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
      { href: self, rel: 'edit', method: 'PATCH' },
      { href: `${self}/capture`, rel: 'capture', method: 'POST' },
    ],
  });
});
const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ base_url: baseUrl })}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
