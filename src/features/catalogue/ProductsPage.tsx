/**
 * /admin/products: the catalogue's products for editors and admins: search (name, web address or SKU),
 * filters (status, category, subcategory, low stock, no photo) and pages, all kept in the address. Each row:
 * first photo, name, price, stock and status. A table on desktop, stacked rows on a phone.
 */
import { useCallback, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { formatINR } from '@shared/money';
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from '@shared/schemas/product';
import { cdnImage } from '@shared/images';
import { useAdminPage } from '../back-office/AdminGate';
import { catalogueRoutes } from '../back-office/catalogue-routes';
import {
  $catalogueOptions,
  $productList,
  $productQuery,
  goToProductPage,
  loadProducts,
  PRODUCTS_PAGE_SIZE,
  setProductFilter,
  startProductList,
} from './products-list.store';
import { StaffOnly } from './StaffOnly';
import { PublishPanel } from './PublishPanel';
import './catalogue.css';

/** Where sign-in returns to: this list, as filtered (module-level, so the page's effects keep one function). */
const listPath = () => catalogueRoutes.products(location.search);
/** When a publish ends the rows' "Unpublished changes" marks change (module-level: one function for the panel's effect). */
const reloadList = () => void loadProducts();

function ProductsInner() {
  const list = useStore($productList);
  const query = useStore($productQuery);
  const options = useStore($catalogueOptions);
  const [search, setSearch] = useState(query.search);
  const ids = useId();
  const load = useCallback(() => startProductList(location.search).then(() => setSearch($productQuery.get().search)), []);
  useAdminPage(listPath, load, list.status);
  if (list.status === 'forbidden') return <StaffOnly />;
  const subcategories = options.subcategories.filter((s) => !query.category || s.category === query.category);
  const pages = list.status === 'ready' ? Math.max(1, Math.ceil(list.total / PRODUCTS_PAGE_SIZE)) : 1;
  return (
    <div className="catalogue">
      <div className="catalogue__head">
        <h1>Products</h1>
        <a className="btn btn--sm" href={catalogueRoutes.newProduct}>
          New product
        </a>
      </div>
      {list.status !== 'signed-out' && list.status !== 'loading' && <PublishPanel onPublished={reloadList} />}
      <form
        role="search"
        className="catalogue__tools"
        onSubmit={(e) => {
          e.preventDefault();
          void setProductFilter({ search });
        }}
      >
        <div className="catalogue__field catalogue__search">
          <label htmlFor={`${ids}-search`}>Search by name, web address or SKU</label>
          <div className="catalogue__search-row">
            <input id={`${ids}-search`} type="search" value={search} maxLength={80} onChange={(e) => setSearch(e.target.value)} />
            <button type="submit" className="btn btn--sm">
              Search
            </button>
          </div>
        </div>
        <div className="catalogue__field">
          <label htmlFor={`${ids}-status`}>Status</label>
          <select
            id={`${ids}-status`}
            value={query.status}
            onChange={(e) => void setProductFilter({ status: e.target.value as typeof query.status })}
          >
            <option value="">Any status</option>
            {PRODUCT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PRODUCT_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="catalogue__field">
          <label htmlFor={`${ids}-category`}>Category</label>
          <select id={`${ids}-category`} value={query.category} onChange={(e) => void setProductFilter({ category: e.target.value })}>
            <option value="">Every category</option>
            {options.categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="catalogue__field">
          <label htmlFor={`${ids}-subcategory`}>Subcategory</label>
          <select
            id={`${ids}-subcategory`}
            value={query.subcategory}
            onChange={(e) => void setProductFilter({ subcategory: e.target.value })}
          >
            <option value="">Every subcategory</option>
            {subcategories.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <label className="catalogue__check">
          <input type="checkbox" checked={query.lowStock} onChange={(e) => void setProductFilter({ lowStock: e.target.checked })} />
          Low stock
        </label>
        <label className="catalogue__check">
          <input type="checkbox" checked={query.noPhoto} onChange={(e) => void setProductFilter({ noPhoto: e.target.checked })} />
          No photo
        </label>
      </form>

      {list.status === 'loading' && <p role="status">Loading products…</p>}
      {list.status === 'error' && <Notice kind="error" text={list.message} />}
      {list.status === 'ready' && (
        <>
          <p className="catalogue__count" role="status">
            {list.total === 1 ? '1 product' : `${list.total.toLocaleString('en-IN')} products`}
            {pages > 1 ? `, page ${query.page} of ${pages}` : ''}
          </p>
          {list.products.length === 0 ? (
            <p>No products match. Try fewer filters, or another search.</p>
          ) : (
            <table className="catalogue__table">
              <caption className="visually-hidden">Products</caption>
              <thead>
                <tr>
                  <th scope="col">Photo</th>
                  <th scope="col">Name</th>
                  <th scope="col">Price</th>
                  <th scope="col">Stock</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {list.products.map((p) => (
                  <tr key={p._id}>
                    <td className="catalogue__photo">
                      {p.photo ? (
                        <img src={cdnImage(p.photo, 96)} alt="" width={48} height={60} loading="lazy" />
                      ) : (
                        <span className="catalogue__no-photo">No photo</span>
                      )}
                    </td>
                    <th scope="row" className="catalogue__name">
                      <a href={catalogueRoutes.product(p._id)}>{p.name}</a>
                      <span className="catalogue__sub">{p.slug}</span>
                    </th>
                    <td data-label="Price">
                      {p.discountPrice !== null ? (
                        <>
                          {formatINR(p.discountPrice)} <s aria-label={`was ${formatINR(p.price)}`}>{formatINR(p.price)}</s>
                        </>
                      ) : (
                        formatINR(p.price)
                      )}
                    </td>
                    <td data-label="Stock">{p.stock === null ? 'Not live yet' : p.stock}</td>
                    <td data-label="Status">
                      <span className={`catalogue__status catalogue__status--${p.status}`}>{PRODUCT_STATUS_LABELS[p.status]}</span>
                      {p.draft === 'changed' && <span className="catalogue__sub"> Unpublished changes</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {pages > 1 && (
            <nav className="catalogue__pages" aria-label="Pages of products">
              <button
                type="button"
                className="btn btn--outline btn--sm"
                disabled={query.page <= 1}
                onClick={() => void goToProductPage(query.page - 1)}
              >
                Previous page
              </button>
              <span>
                Page {query.page} of {pages}
              </span>
              <button
                type="button"
                className="btn btn--outline btn--sm"
                disabled={query.page >= pages}
                onClick={() => void goToProductPage(query.page + 1)}
              >
                Next page
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

/** The product list island. */
export default function ProductsPage() {
  return (
    <ErrorBoundary>
      <ProductsInner />
    </ErrorBoundary>
  );
}
