import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { navigate } from '../../app/router';
import { LegacyPlansPanel } from './legacy-plans-panel';
import { PlanForm } from './plan-form';
import { PlansList } from './plans-list';
import { ProductForm } from './product-form';
import { ProductsList } from './products-list';

/** The lists of the Plans page, one per route: `#/plans`, `#/products`, `#/legacy-plans`. */
export type PlansTab = 'plans' | 'products' | 'legacy-plans';

/**
 * The Plans page: subscription plans (with the plan form and its schedule preview), the catalog
 * products they bill for, and the deprecated v1 billing plans on a tab of their own.
 */
export function PlansPage({ tab }: { tab: PlansTab }) {
  const [creating, setCreating] = useState<'plan' | 'product' | undefined>();
  const create: Partial<Record<PlansTab, ReactNode>> = {
    plans: (
      <Button variant="contained" onClick={() => setCreating('plan')} data-testid="create-plan-button">
        Create plan
      </Button>
    ),
    products: (
      <Button variant="contained" onClick={() => setCreating('product')} data-testid="create-product-button">
        Create product
      </Button>
    ),
  };
  return (
    <Stack spacing={2} data-testid="plans-page" data-tab={tab}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Plans
        </Typography>
        {create[tab]}
      </Stack>
      <Tabs
        value={tab}
        onChange={(_e, next: PlansTab) => navigate(`/${next}`)}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="plans" label="Subscription plans" data-testid="plans-tab-plans" />
        <Tab value="products" label="Products" data-testid="plans-tab-products" />
        <Tab value="legacy-plans" label="Billing plans v1 (deprecated)" data-testid="plans-tab-legacy" />
      </Tabs>
      {tab === 'plans' ? <PlansList onCreate={() => setCreating('plan')} /> : null}
      {tab === 'products' ? <ProductsList onCreate={() => setCreating('product')} /> : null}
      {tab === 'legacy-plans' ? <LegacyPlansPanel /> : null}
      <CreatePlanDialog
        open={creating === 'plan'}
        onClose={() => setCreating(undefined)}
        onCreated={(id) => {
          setCreating(undefined);
          navigate(`/plans/${encodeURIComponent(id)}`);
        }}
      />
      <Dialog
        open={creating === 'product'}
        onClose={() => setCreating(undefined)}
        maxWidth="sm"
        fullWidth
        aria-labelledby="product-form-title"
        data-testid="product-dialog"
      >
        {creating === 'product' ? (
          <ProductForm
            onClose={() => setCreating(undefined)}
            onCreated={(id) => {
              setCreating(undefined);
              navigate(`/products/${encodeURIComponent(id)}`);
            }}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}

/** The plan form in a dialog; only Cancel closes it, so a stray click keeps a half-built schedule. */
export function CreatePlanDialog({
  open,
  productId,
  onClose,
  onCreated,
}: {
  open: boolean;
  productId?: string;
  onClose(): void;
  onCreated(id: string): void;
}) {
  return (
    <Dialog
      open={open}
      maxWidth="xl"
      fullWidth
      scroll="paper"
      aria-labelledby="plan-form-title"
      data-testid="plan-dialog"
    >
      {open ? <PlanForm productId={productId} onClose={onClose} onCreated={onCreated} /> : null}
    </Dialog>
  );
}
