import { PackagePlus, PackageSearch, Search, Tags } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/dates';
import { preloadable } from '@/lib/preloadable';
import { catalogErrorMessage, productMessages } from '@/features/products/messages';
import { useCreateProduct } from '@/features/products/api/create-product';
import { useDeleteProduct } from '@/features/products/api/delete-product';
import { useCategories } from '@/features/products/api/get-categories';
import { useProducts } from '@/features/products/api/get-products';
import { useUpdateProduct } from '@/features/products/api/update-product';
import { ProductsTable } from '@/features/products/components/products-table';
import type { ProductFormData } from '@/features/products/schemas';
import { filterSearchIndex, prepareSearchIndex } from '@/features/products/search';
import { whenIdle } from '@/lib/idle';
import type { Product } from '@/features/products/types';

/**
 * The two dialogs (the product form with its zod schema, selects and fields; the groups) are chunks of their own,
 * fetched once the catalogue is on screen: the table does not wait for code it does not draw.
 */
const ProductFormDialog = preloadable(() => import('@/features/products/components/product-form-dialog').then((module) => module.ProductFormDialog));
const CategoriesDialog = preloadable(() => import('@/features/products/components/categories-dialog').then((module) => module.CategoriesDialog));

interface ProductsPageProps {
  /** MANAGE_PRODUCTS holders and admins may write; the database enforces it too. */
  canManage: boolean;
}

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; product: Product };

export function ProductsPage({ canManage }: ProductsPageProps) {
  const products = useProducts();
  const categories = useCategories();
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const deleteProduct = useDeleteProduct();

  const [query, setQuery] = useState('');
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Product | null>(null);
  /** Whether each dialog was ever opened: mounted from then on, so it can play its closing animation. */
  const [formUsed, setFormUsed] = useState(false);
  const [categoriesUsed, setCategoriesUsed] = useState(false);
  if (form.mode !== 'closed' && !formUsed) setFormUsed(true);
  if (categoriesOpen && !categoriesUsed) setCategoriesUsed(true);

  const shown = products.data !== undefined;
  useEffect(() => {
    if (!shown) return;
    // Once the catalogue is shown, the dialogs' code, so that opening one is instant.
    void ProductFormDialog.preload().catch(() => undefined);
    void CategoriesDialog.preload().catch(() => undefined);
  }, [shown]);

  // Once the browser is idle after showing the catalogue, its search text is joined for searching, so the first
  // keystroke does not pay for it.
  const searchIndex = products.data?.index;
  useEffect(() => (searchIndex ? whenIdle(() => prepareSearchIndex(searchIndex), 2000) : undefined), [searchIndex]);

  // The filter runs in the keystroke's own render: over a prebuilt index of 50,000 names it takes a few
  // milliseconds, and deferring it (useDeferredValue) only added a frame before the rows changed
  // (bench:catalog: p95 43 → 37 ms per keystroke).
  const visible = useMemo(() => (products.data ? filterSearchIndex(products.data.index, query) : []), [products.data, query]);

  const save = (values: ProductFormData) => {
    const close = { onSuccess: () => setForm({ mode: 'closed' }) };
    if (form.mode === 'edit') updateProduct.mutate({ id: form.product.id, previousGroupId: form.product.groupId, values }, close);
    else createProduct.mutate(values, close);
  };

  const total = products.data?.products.length ?? 0;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Cadastrar Produto</h1>
          <p className="text-muted-foreground">Catálogo de produtos e grupos da rede.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setCategoriesOpen(true)}>
            <Tags aria-hidden="true" />
            Grupos
          </Button>
          {canManage ? (
            <Button onClick={() => setForm({ mode: 'create' })}>
              <PackagePlus aria-hidden="true" />
              Novo produto
            </Button>
          ) : null}
        </div>
      </header>

      {categories.isError ? (
        <LoadError message={productMessages.categoriesLoadError} detail={catalogErrorMessage(categories.error)} onRetry={() => void categories.refetch()} />
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <div className="relative w-full max-w-md">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            aria-label="Buscar produto por nome ou código de barras"
            placeholder="Buscar por nome ou código de barras"
            className="pl-9"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {products.isPending
            ? 'Carregando produtos...'
            : query.trim()
              ? `${formatNumber(visible.length)} de ${formatNumber(total)} produtos`
              : `${formatNumber(total)} produtos`}
        </p>
      </div>

      {products.isPending ? (
        <div className="grid gap-2" aria-hidden="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      ) : products.isError ? (
        <LoadError message={productMessages.productsLoadError} detail={catalogErrorMessage(products.error)} onRetry={() => void products.refetch()} />
      ) : visible.length === 0 ? (
        <Card>
          <CardHeader className="flex-row items-center gap-3">
            <PackageSearch aria-hidden="true" className="size-6 text-muted-foreground" />
            <CardDescription className="text-base">
              {total === 0 ? 'Nenhum produto cadastrado.' : 'Nenhum produto encontrado para esta busca.'}
            </CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <ProductsTable
          products={visible}
          query={query}
          canManage={canManage}
          onEdit={(product) => setForm({ mode: 'edit', product })}
          onDelete={setToDelete}
        />
      )}

      {formUsed ? (
        <ProductFormDialog
          open={form.mode !== 'closed'}
          onOpenChange={(open) => !open && setForm({ mode: 'closed' })}
          product={form.mode === 'edit' ? form.product : null}
          categories={categories.data ?? []}
          isSaving={createProduct.isPending || updateProduct.isPending}
          onSubmit={save}
        />
      ) : null}
      {categoriesUsed ? (
        <CategoriesDialog
          open={categoriesOpen}
          onOpenChange={setCategoriesOpen}
          categories={categories.data ?? []}
          isLoading={categories.isPending}
          canManage={canManage}
        />
      ) : null}
      <AlertDialog open={toDelete !== null} onOpenChange={(open) => !open && setToDelete(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Excluir produto</AlertDialogTitle>
            <AlertDialogDescription>
              {toDelete ? `Deseja excluir "${toDelete.name}"? Esta ação não pode ser desfeita.` : ''}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Voltar</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              onClick={() => {
                if (toDelete) deleteProduct.mutate({ id: toDelete.id, name: toDelete.name });
                setToDelete(null);
              }}
            >
              Excluir
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
