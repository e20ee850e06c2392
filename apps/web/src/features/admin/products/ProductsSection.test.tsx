// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STALE_EDIT_MESSAGE, type CatalogueProduct as Product } from '@zevar/domain';
import { BackOfficeProviders } from '../../../test/BackOfficeProviders';
import { catalogueProduct } from '../../../test/fixtures';
import { jsonResponse, mockFetch, testQueryClient } from '../../../test/utils';
import ProductsSection from './ProductsSection';
import { UploadProgressProvider } from '../../../components/upload/UploadProgressProvider';
import type { uploadImage } from '../../../lib/upload';
import { fromProduct, productFormSchema, toLocalIso } from './product-form-model';

/** A 22K gold ring priced from its rate, weight and making. */
const product = (over: Partial<Product> = {}): Product =>
  catalogueProduct({
    productType: 'GOLD',
    metal: { id: 3, name: 'Gold', price: 6000 },
    metalWeight: 2.5,
    purity: { id: 7, name: '22K', fineness: 916 },
    making: { kind: 'FLAT', value: 1000 },
    priceBreakup: {
      metal: { name: 'Gold', purity: '22K', ratePerGram: 5496, netWeightGrams: 2.5, value: 13740 },
      making: { kind: 'FLAT', value: 1000, rate: 1000 },
      stones: null,
      taxableValue: 14740,
      gst: { ratePercent: 3, value: 442.2 },
      total: 15182.2,
    },
    ...over,
  });
const paged = (content: Product[]) => ({
  content,
  totalPages: 1,
  totalElements: content.length,
  size: 30,
  number: 0,
});

function setup(opts: { taken?: boolean; bulk?: (body: Record<string, unknown>) => Response } = {}) {
  const fetchMock = mockFetch((url, init) => {
    if (url.startsWith('/api/category')) return jsonResponse([]);
    if (url.startsWith('/api/metals')) return jsonResponse([]);
    if (url.startsWith('/api/products/exists/')) return jsonResponse(opts.taken ?? false);
    if (url === '/api/products/bulk' && init.method === 'POST')
      return (opts.bulk ?? (() => jsonResponse({ changed: [], skipped: [] })))(
        JSON.parse(init.body as string) as Record<string, unknown>,
      );
    if (url.includes('search=')) return jsonResponse(paged([]));
    return jsonResponse(
      paged([
        product(),
        product({
          id: 8,
          name: 'Out Ring',
          stock: 0,
          status: 'draft',
          version: 3,
          category: { id: 1, name: 'Jewellery', parentCategory: null },
        }),
      ]),
    );
  });
  render(
    <BackOfficeProviders queryClient={testQueryClient()}>
      <ProductsSection />
    </BackOfficeProviders>,
  );
  return fetchMock;
}
const productCalls = (f: ReturnType<typeof mockFetch>) =>
  f.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/products/admin'));

describe('products section', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists 30 per page with parent - child category, status and low-stock highlight', async () => {
    const f = setup();
    const row = (await screen.findByText('Lotus Ring')).closest('tr')!;
    expect(within(row).getByText('Jewellery - Rings')).toBeInTheDocument();
    expect(within(row).getByText('In Stock')).toBeInTheDocument();
    expect(within(row).getByText('4')).toHaveAttribute('title', 'Low stock');
    expect(within(row).getByText('grp-1')).toBeInTheDocument();
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
    expect(within(screen.getByText('Out Ring').closest('tr')!).getByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Varient ID' })).toBeInTheDocument();
    expect(productCalls(f)[0]).toBe('/api/products/admin?page=0&size=30&sort=id&direction=desc');
  });

  it('keeps the add form closed until asked for', async () => {
    setup();
    await screen.findByText('Lotus Ring');
    expect(screen.queryByRole('form', { name: 'Add product' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add New Product' }));
    expect(screen.getByRole('form', { name: 'Add product' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Add product' })).not.toBeInTheDocument();
  });

  it('sorts on the server by the clicked header, flipping on a second click, and sends every filter', async () => {
    const f = setup();
    await screen.findByText('Lotus Ring');
    fireEvent.click(screen.getByRole('button', { name: /^Price/ }));
    await waitFor(() => expect(productCalls(f).at(-1)).toContain('sort=price&direction=desc'));
    fireEvent.click(screen.getByRole('button', { name: /^Price/ }));
    await waitFor(() => expect(productCalls(f).at(-1)).toContain('sort=price&direction=asc'));
    expect(screen.getByRole('columnheader', { name: /Price/ })).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'draft' } });
    fireEvent.change(screen.getByLabelText('Filter by stock'), { target: { value: 'low' } });
    fireEvent.change(screen.getByLabelText('Filter by plan'), { target: { value: 'BASIC' } });
    fireEvent.change(screen.getByLabelText('Filter by hallmark'), { target: { value: 'yes' } });
    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '100' } });
    await waitFor(() =>
      expect(productCalls(f).at(-1)).toBe(
        '/api/products/admin?page=0&size=100&sort=price&direction=asc&status=draft&stock=low&plan=BASIC&hallmarked=true',
      ),
    );
  });

  it('applies a bulk action to the selected rows with the versions they were listed at', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    setup({
      bulk: (body) => {
        bodies.push(body);
        return jsonResponse({
          changed: [8],
          skipped: [{ id: 7, name: 'Lotus Ring', reason: 'Already active' }],
        });
      },
    });
    await screen.findByText('Lotus Ring');
    fireEvent.click(screen.getByLabelText('Select all products on this page'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Bulk action'), { target: { value: 'publish' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/Publish 2 selected products\?/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('1 product updated. Left alone: Lotus Ring (already active).'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        products: [
          { id: 7, version: 1 },
          { id: 8, version: 3 },
        ],
        action: { kind: 'publish' },
      },
    ]);
  });

  it('keeps a row ticked while the search settles if the row is still shown, and drops it once it is not', async () => {
    const f = mockFetch((url) => {
      if (url.startsWith('/api/category') || url.startsWith('/api/metals')) return jsonResponse([]);
      if (url.includes('search=Lotus')) return jsonResponse(paged([product()]));
      if (url.includes('search=')) return jsonResponse(paged([]));
      return jsonResponse(paged([product(), product({ id: 8, name: 'Out Ring' })]));
    });
    render(
      <BackOfficeProviders queryClient={testQueryClient()}>
        <ProductsSection />
      </BackOfficeProviders>,
    );
    await screen.findByText('Out Ring');
    // Ticked at once, while the unfiltered rows are still shown (the search fires 300 ms later).
    fireEvent.change(screen.getByPlaceholderText('Search products...'), { target: { value: 'Lotus' } });
    fireEvent.click(screen.getByLabelText('Select Lotus Ring'));
    expect(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByText('1 selected'),
    ).toBeInTheDocument();
    await waitFor(() => expect(productCalls(f).some((u) => u.includes('search=Lotus'))).toBe(true));
    await waitFor(() => expect(screen.queryByText('Out Ring')).not.toBeInTheDocument());
    expect(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByText('1 selected'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Select Lotus Ring')).toBeChecked();
    // Rows that no longer show the ticked one take it out of the selection.
    fireEvent.change(screen.getByPlaceholderText('Search products...'), { target: { value: 'zz' } });
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('searches on the server after a 300 ms pause and shows the empty state', async () => {
    const f = setup();
    await screen.findByText('Lotus Ring');
    // Only the fake clock decides when the search fires (real time on a loaded machine must not);
    // after it fires, the fake clock is stepped while real time lets the answer arrive.
    const realSetTimeout = globalThis.setTimeout;
    const realSleep = (ms: number) => new Promise((resolve) => realSetTimeout(resolve, ms));
    vi.useFakeTimers();
    fireEvent.change(screen.getByPlaceholderText('Search products...'), { target: { value: 'zz' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(productCalls(f).some((u) => u.includes('search'))).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    for (let i = 0; i < 100 && !screen.queryByText('No Products Found'); i++) {
      await act(async () => {
        await realSleep(20);
        await vi.advanceTimersByTimeAsync(50);
      });
    }
    expect(screen.getByText('No Products Found')).toBeInTheDocument();
    expect(
      screen.getByText('No products match your search criteria. Try different keywords.'),
    ).toBeInTheDocument();
    expect(productCalls(f)).toContain('/api/products/admin?page=0&size=30&sort=id&direction=desc&search=zz');
  });

  it("says which filter found nothing: 'No products available in this category' / '... for this metal type'", async () => {
    mockFetch((url) => {
      if (url.startsWith('/api/category'))
        return jsonResponse([
          {
            id: 2,
            name: 'Rings',
            slug: 'rings',
            image: null,
            banner: null,
            parentCategory: null,
            vendorPlan: 'FREE',
            subCategoryCount: 0,
          },
        ]);
      if (url.startsWith('/api/metals'))
        return jsonResponse([
          { id: 3, name: 'Platinum', price: 3000, lastUpdated: '2026-01-01T00:00:00.000Z', purities: [] },
        ]);
      if (url.includes('categoryId=') || url.includes('metalId=')) return jsonResponse(paged([]));
      return jsonResponse(paged([product()]));
    });
    render(
      <BackOfficeProviders queryClient={testQueryClient()}>
        <ProductsSection />
      </BackOfficeProviders>,
    );
    await screen.findByText('Lotus Ring');
    await within(screen.getByLabelText('Filter by category')).findByRole('option', { name: 'Rings' });
    await within(screen.getByLabelText('Filter by metal')).findByRole('option', { name: 'Platinum' });
    fireEvent.change(screen.getByLabelText('Filter by category'), { target: { value: '2' } });
    expect(await screen.findByText('No products available in this category')).toBeInTheDocument();
    expect(screen.queryByText('No Products Found')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Filter by category'), { target: { value: '' } });
    await screen.findByText('Lotus Ring');
    fireEvent.change(screen.getByLabelText('Filter by metal'), { target: { value: '3' } });
    expect(await screen.findByText('No products available for this metal type')).toBeInTheDocument();
  });

  it('says a taken name inline after the 500 ms check', async () => {
    setup({ taken: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Add New Product' }));
    fireEvent.change(screen.getByLabelText('Product Name'), { target: { value: 'Lotus Ring' } });
    expect(await screen.findByText('Checking name availability...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('This product name already exists')).toBeInTheDocument());
  });

  it('asks for the required fields in a Validation Error dialog', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Add New Product' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Validation Error')).toBeInTheDocument();
    expect(within(dialog).getByText('Please fill all required fields')).toBeInTheDocument();
  });

  it('refuses to save an MRP product without a metal from the edit popup, naming the metal field', () => {
    const legacy = product({
      productType: 'MRP',
      metal: null,
      purity: null,
      priceBreakup: undefined,
      price: 1499,
    });
    const result = productFormSchema.safeParse(fromProduct(legacy));
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['metalId']);
  });

  it('sends the launch date as local ISO with .000 and the business timezone offset', () => {
    expect(toLocalIso('2026-12-01T10:30')).toBe('2026-12-01T10:30:00.000+05:30');
    expect(toLocalIso('')).toBeNull();
  });
});

describe('editing a product (issue 20)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const gold = {
    id: 3,
    name: 'Gold',
    price: 6000,
    lastUpdated: '2026-01-01T00:00:00.000Z',
    purities: [
      {
        id: 7,
        name: '22K',
        fineness: 916,
        rateMode: 'DERIVED',
        price: 5496,
        lastUpdated: '2026-01-01T00:00:00.000Z',
      },
    ],
  };
  const rings = [
    {
      id: 1,
      name: 'Jewellery',
      slug: 'jewellery',
      image: null,
      banner: null,
      parentCategory: null,
      vendorPlan: 'FREE',
      subCategoryCount: 1,
    },
    {
      id: 2,
      name: 'Rings',
      slug: 'rings',
      image: null,
      banner: null,
      parentCategory: { id: 1, name: 'Jewellery' },
      vendorPlan: 'FREE',
      subCategoryCount: 0,
    },
  ];
  /** The list row (no HUIDs, as the list answers) and the full record the edit form loads. */
  const full = product({ hallmarked: true, huids: ['AB12C3', 'ZX98Y7', 'QW12E3', 'RT45Y6'], version: 5 });

  function editSetup(put: (body: Record<string, unknown>) => Response, uploader?: typeof uploadImage) {
    const puts: Array<Record<string, unknown>> = [];
    const f = mockFetch((url, init) => {
      if (url.startsWith('/api/category')) return jsonResponse(rings);
      if (url.startsWith('/api/metals/prices'))
        return jsonResponse({ gold: 6000, silver: 80, gstRatePercent: 3, lastUpdated: null });
      if (url.startsWith('/api/metals')) return jsonResponse([gold]);
      if (url.startsWith('/api/products/exists/')) return jsonResponse(false);
      if (url === '/api/products/7' && init.method === 'PUT') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        puts.push(body);
        return put(body);
      }
      if (url === '/api/products/7') return jsonResponse(full);
      return jsonResponse(paged([product({ hallmarked: true, huids: [], version: 5 })]));
    });
    render(
      <BackOfficeProviders queryClient={testQueryClient()}>
        {uploader ? (
          <UploadProgressProvider uploader={uploader}>
            <ProductsSection />
          </UploadProgressProvider>
        ) : (
          <ProductsSection />
        )}
      </BackOfficeProviders>,
    );
    return { f, puts };
  }
  const openEdit = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Lotus Ring' }));
    return screen.findByRole('form', { name: 'Edit product' });
  };

  it('loads the full product, so a hallmarked product saves with its HUIDs and version and without stock', async () => {
    const { puts } = editSetup(() => jsonResponse(full));
    const form = await openEdit();
    await waitFor(() =>
      expect(within(form).getByLabelText(/HUIDs of the pieces in stock/)).toHaveValue(
        'AB12C3 ZX98Y7 QW12E3 RT45Y6',
      ),
    );
    expect(within(form).getByLabelText('Stock')).toHaveAttribute('readonly');
    fireEvent.click(within(form).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ huids: full.huids, hallmarked: true, version: 5 });
    expect(puts[0]).not.toHaveProperty('stock');
  });

  it('asks whether a diamond is natural or lab-grown and checks the report number by lab, then saves the certificate', async () => {
    const { puts } = editSetup(() => jsonResponse(full));
    const form = await openEdit();
    await waitFor(() => expect(within(form).getByLabelText('Product Name')).toHaveValue('Lotus Ring'));
    fireEvent.change(within(form).getByLabelText('Diamonds or gemstones'), { target: { value: 'DIAMOND' } });
    fireEvent.change(within(form).getByLabelText('Certificate laboratory'), { target: { value: 'GIA' } });
    fireEvent.change(within(form).getByLabelText(/Report number/), { target: { value: 'LG1234' } });
    fireEvent.change(within(form).getByLabelText(/Carat/), { target: { value: '0.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Natural or lab-grown: Choose natural or lab-grown')).toBeInTheDocument();
    expect(within(form).getByText(/Enter the GIA report number as printed/)).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    fireEvent.change(within(form).getByLabelText(/Natural or lab-grown/), { target: { value: 'NATURAL' } });
    fireEvent.change(within(form).getByLabelText(/Report number/), { target: { value: '2141438167' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(puts[0]).toMatchObject({
      gem: {
        kind: 'DIAMOND',
        origin: 'NATURAL',
        certificate: { lab: 'GIA', reportNumber: '2141438167', carat: 0.5, colour: null, file: null },
      },
    });
  });

  it("uploads the lab's PDF through the certificate route and saves its stored name", async () => {
    const uploads: Array<[string, string | undefined]> = [];
    const uploader = (file: File, _progress?: (p: number) => void, path?: string) => {
      uploads.push([file.name, path]);
      return Promise.resolve(`${'e'.repeat(32)}.pdf`);
    };
    const { puts } = editSetup(() => jsonResponse(full), uploader);
    const form = await openEdit();
    await waitFor(() => expect(within(form).getByLabelText('Product Name')).toHaveValue('Lotus Ring'));
    fireEvent.change(within(form).getByLabelText('Diamonds or gemstones'), { target: { value: 'DIAMOND' } });
    fireEvent.change(within(form).getByLabelText(/Natural or lab-grown/), { target: { value: 'LAB_GROWN' } });
    fireEvent.change(within(form).getByLabelText('Certificate laboratory'), { target: { value: 'IGI' } });
    fireEvent.change(within(form).getByLabelText(/Report number/), { target: { value: 'LG612345678' } });
    fireEvent.change(within(form).getByLabelText(/Carat/), { target: { value: '1.01' } });
    const input = within(form).getByLabelText("Certificate file (the lab's PDF or a photo)");
    expect(input).toHaveAttribute('accept', 'application/pdf,image/jpeg,image/png,image/webp');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.7'], 'igi.pdf', { type: 'application/pdf' })] },
    });
    expect(await within(form).findByText('Certificate PDF uploaded')).toBeInTheDocument();
    expect(uploads).toEqual([['igi.pdf', '/certificate/uploads']]);
    fireEvent.click(within(form).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(puts[0]).toMatchObject({
      gem: { certificate: { lab: 'IGI', reportNumber: 'LG612345678', file: `${'e'.repeat(32)}.pdf` } },
    });
  });

  it('names the HUID field when the HUIDs do not match the pieces', async () => {
    editSetup(() => jsonResponse(full));
    const form = await openEdit();
    const huids = await within(form).findByLabelText(/HUIDs of the pieces in stock/);
    await waitFor(() => expect(huids).toHaveValue('AB12C3 ZX98Y7 QW12E3 RT45Y6'));
    fireEvent.change(huids, { target: { value: 'AB12C3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Product' }));
    const alert = await screen.findByText(
      'HUIDs of the pieces in stock: Enter one HUID for each piece in stock',
    );
    expect(alert).toBeInTheDocument();
  });

  it('refuses a save over a newer version and shows the message and the newer values', async () => {
    const newer = { ...full, name: 'Lotus Ring Deluxe', version: 6 };
    const { puts } = editSetup(() =>
      jsonResponse({ code: 'CONFLICT', message: STALE_EDIT_MESSAGE, current: newer }, 409),
    );
    const form = await openEdit();
    await waitFor(() => expect(within(form).getByLabelText('Product Name')).toHaveValue('Lotus Ring'));
    fireEvent.change(within(form).getByLabelText('Tagline'), { target: { value: 'Mine' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STALE_EDIT_MESSAGE);
    await waitFor(() =>
      expect(
        within(screen.getByRole('form', { name: 'Edit product' })).getByLabelText('Product Name'),
      ).toHaveValue('Lotus Ring Deluxe'),
    );
    expect(puts[0]).toMatchObject({ version: 5 });
  });
});
