import { describe, expect, it } from 'vitest';
import type { Product } from './billing-api';
import { productPatch } from './product-patch';

const product: Product = {
  id: 'PROD-ABCDEFGHIJ1234567',
  name: 'Video Streaming',
  type: 'SERVICE',
  description: 'Streams',
  category: 'SOFTWARE',
  create_time: '2025-01-01T00:00:00Z',
  update_time: '2025-01-01T00:00:00Z',
};

describe('a product edit as JSON Patch', () => {
  it('replaces what changed, adds what was missing, removes what was cleared, leaves the rest', () => {
    expect(
      productPatch(product, {
        description: 'Streams in 4K',
        category: '',
        image_url: ' https://example.com/a.png ',
        home_url: '',
      }),
    ).toEqual([
      { op: 'replace', path: '/description', value: 'Streams in 4K' },
      { op: 'remove', path: '/category' },
      { op: 'add', path: '/image_url', value: 'https://example.com/a.png' },
    ]);
  });

  it('is empty when nothing changed', () => {
    expect(
      productPatch(product, { description: 'Streams', category: 'SOFTWARE', image_url: '', home_url: '' }),
    ).toEqual([]);
  });
});
