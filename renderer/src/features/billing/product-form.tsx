import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { PRODUCT_LIMITS, PRODUCT_TYPES, type ProductType } from '../../../../shared/api/catalog-products';
import { newRequestId } from '../../api/api-call';
import { createProduct } from './billing-api';
import { useFormProblems } from './use-form-problems';
import { useCreateCall } from './use-create-call';
import { draftTextFields } from './pointer-text-field';
import { DialogButtons } from '../../components/dialog-buttons';
import { SelectField } from '../../components/select-field';

interface ProductDraft {
  name: string;
  type: ProductType;
  category: string;
  description: string;
  imageUrl: string;
  homeUrl: string;
}

const EMPTY: ProductDraft = {
  name: '',
  type: 'SERVICE',
  category: 'SOFTWARE',
  description: '',
  imageUrl: '',
  homeUrl: '',
};

/** The members the form sends, empty ones left out (the API would refuse an empty string). */
function productBody(draft: ProductDraft): Record<string, string> {
  const body: Record<string, string> = { name: draft.name.trim(), type: draft.type };
  const optional: [string, string][] = [
    ['category', draft.category],
    ['description', draft.description],
    ['image_url', draft.imageUrl],
    ['home_url', draft.homeUrl],
  ];
  for (const [key, value] of optional) if (value.trim()) body[key] = value.trim();
  return body;
}

function productProblems(draft: ProductDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.name.trim()) problems['/name'] = 'Enter a name.';
  else if (draft.name.trim().length > PRODUCT_LIMITS.name)
    problems['/name'] = `At most ${PRODUCT_LIMITS.name} characters.`;
  const category = draft.category.trim();
  if (category && !/^[A-Z_]{4,256}$/.test(category))
    problems['/category'] = 'Capital letters and underscores, e.g. SOFTWARE.';
  for (const [pointer, value] of [
    ['/image_url', draft.imageUrl],
    ['/home_url', draft.homeUrl],
  ] as const) {
    if (value.trim() && !/^https?:\/\/\S+$/.test(value.trim())) problems[pointer] = 'An http(s) URL.';
  }
  return problems;
}

/**
 * The create-product form (the dialog's content). Plans are made for a product, so this is the first
 * step of recurring billing; the API answers its id (`PROD-` and 17 characters).
 */
export function ProductForm({ onClose, onCreated }: { onClose(): void; onCreated(id: string): void }) {
  const [draft, setDraft] = useState<ProductDraft>(EMPTY);
  const [requestId] = useState(newRequestId);
  const local = useMemo(() => productProblems(draft), [draft]);
  const problems = useFormProblems(local);
  const { call: create, submit } = useCreateCall({
    problems,
    create: () => createProduct(productBody(draft), requestId),
    notice: (product) => `Product ${product.id} created`,
    onCreated,
  });

  const field = draftTextFields(problems, draft, setDraft);

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="product-form">
      <DialogTitle id="product-form-title">Create product</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {field('name', '/name', 'Name', 'product-name', { required: true })}
          <Stack direction="row" spacing={2}>
            <SelectField
              native
              label="Type"
              value={draft.type}
              onChange={(type) => setDraft((d) => ({ ...d, type: type as ProductType }))}
              choices={PRODUCT_TYPES}
              testId="product-type"
              sx={{ width: 200 }}
            />
            {field('category', '/category', 'Category', 'product-category', {
              helper: 'e.g. SOFTWARE, CLOTHING',
            })}
          </Stack>
          {field('description', '/description', 'Description', 'product-description')}
          {field('imageUrl', '/image_url', 'Image URL', 'product-image-url')}
          {field('homeUrl', '/home_url', 'Home URL', 'product-home-url')}
        </Stack>
      </DialogContent>
      <DialogButtons
        onClose={onClose}
        submitLabel="Create product"
        pendingLabel="Creating…"
        call={create}
        failedTitle="The API refused the product"
        errorTestId="product-form-error"
        testId="product-form-submit"
      />
    </Box>
  );
}
