import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PRODUCT_PATCHABLE } from '../../../../shared/api/catalog-products';
import { ApiCallError } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';
import { useUi } from '../../app/ui-store';
import { patchProduct, type Product } from './billing-api';
import { serverFieldProblems } from './plan-draft';
import { productPatch, type Patchable } from './product-patch';
import { DialogButtons } from '../../components/dialog-buttons';

const LABELS: Record<Patchable, string> = {
  description: 'Description',
  category: 'Category',
  image_url: 'Image URL',
  home_url: 'Home URL',
};

export function ProductEditDialog({
  product,
  open,
  onClose,
}: {
  product: Product;
  open: boolean;
  onClose(): void;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="product-edit-dialog">
      {open ? <ProductEditForm product={product} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ProductEditForm({ product, onClose }: { product: Product; onClose(): void }) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const [values, setValues] = useState<Record<Patchable, string>>(() => ({
    description: product.description ?? '',
    category: product.category ?? '',
    image_url: product.image_url ?? '',
    home_url: product.home_url ?? '',
  }));
  const operations = productPatch(product, values);
  const save = useMutation({
    mutationFn: () => patchProduct(product.id, operations),
    onSuccess: () => {
      notify(`Product ${product.id} updated`, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      onClose();
    },
  });
  const server = save.error instanceof ApiCallError ? serverFieldProblems(save.error.details) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (operations.length > 0 && !save.isPending) save.mutate();
  };
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <DialogTitle>Edit {product.name}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {PRODUCT_PATCHABLE.map((member) => (
            <TextField
              key={member}
              label={LABELS[member]}
              size="small"
              value={values[member]}
              onChange={(e) => setValues((v) => ({ ...v, [member]: e.target.value }))}
              error={Boolean(server[`/${member}`])}
              helperText={server[`/${member}`]}
              slotProps={{ htmlInput: { 'data-testid': `product-edit-${member}` } }}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogButtons
        onClose={onClose}
        submitLabel={`Save (${operations.length} change${operations.length === 1 ? '' : 's'})`}
        pendingLabel="Saving…"
        call={save}
        failedTitle="The API refused the change"
        disabled={operations.length === 0}
      />
    </Box>
  );
}
