/**
 * /admin/products/new and /admin/products/<id>: one product's form with the labels a shopkeeper uses, each
 * message tied to its field. "Save draft" keeps the changes for publishing later (the live shop is unchanged);
 * if someone saved since this page loaded, it says who and when and offers to reload. Live stock is shown,
 * never overwritten by a save: it moves only through recorded stock changes.
 */
import { formatIndiaDateTime } from '@shared/india-time';
import { useCallback, useId, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { PRODUCT_LABELS, PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, SIZE_GUIDES, type ProductStatus } from '@shared/schemas/product';
import { useAdminPage } from '../back-office/AdminGate';
import { catalogueRoutes } from '../back-office/catalogue-routes';
import { priceAtRate, type ProductForm } from './product-form';
import { formatINR } from '@shared/money';
import { rateLabel } from '@shared/silver-rate';
import { STOCK_REASONS, type StockReason } from '@shared/inventory';
import {
  $editor,
  $productHistory,
  changedLabels,
  restoreVersion,
  $liveStockEdit,
  $liveStockNotice,
  cancelLiveStock,
  editLiveStock,
  saveLiveStock,
  setLiveStockEdit,
  $productErrors,
  $productForm,
  $saveState,
  addSizeRow,
  loadEditor,
  reloadProduct,
  removeSizeRow,
  saveDraft,
  setAttribute,
  setField,
  setSizeRow,
  toggleCollection,
} from './product-editor.store';
import { $catalogueOptions } from './products-list.store';
import { StaffOnly } from './StaffOnly';
import { PhotosSection } from './PhotosSection';
import { DescriptionField } from './DescriptionField';
import { SaveDraftBar } from './SaveDraftBar';
import './catalogue.css';

/** A moment as the shop's people read it, in India's time (the server's conflict message reads the same). */
const indiaTime = (iso: string) => formatIndiaDateTime(new Date(iso));

/** The product id in the address (/admin/products/<id>), or null on /admin/products/new. */
function idFromPath(): string | null {
  const last = decodeURIComponent(location.pathname.replace(/\/+$/, '').split('/').pop() ?? '');
  return last === 'new' || last === 'products' ? null : last;
}

/** What a control needs to be tied to its label, hint and message. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled control with its hint and its message (announced with the field it belongs to). */
function Field(props: {
  label: string;
  name: string;
  hint?: ReactNode;
  optional?: boolean;
  children: (control: ControlProps) => ReactNode;
}) {
  const base = useId();
  const error = useStore($productErrors)[props.name];
  const id = `${base}-control`;
  const describedBy = [props.hint ? `${base}-hint` : '', error ? `${base}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="catalogue__field">
      <label htmlFor={id}>
        {props.label}
        {props.optional && <span className="catalogue__optional"> (optional)</span>}
      </label>
      {props.hint && (
        <p id={`${base}-hint`} className="catalogue__hint">
          {props.hint}
        </p>
      )}
      {props.children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p id={`${base}-error`} className="catalogue__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A text box bound to one form field. */
function TextBox(props: {
  name: keyof ProductForm & string;
  label: string;
  hint?: ReactNode;
  optional?: boolean;
  inputMode?: 'decimal' | 'numeric';
  multiline?: boolean;
}) {
  const form = useStore($productForm);
  const value = form[props.name] as string;
  return (
    <Field label={props.label} name={props.name} hint={props.hint} optional={props.optional ?? false}>
      {(control) =>
        props.multiline ? (
          <textarea {...control} name={props.name} rows={5} value={value} onChange={(e) => setField(props.name, e.target.value as never)} />
        ) : (
          <input
            {...control}
            name={props.name}
            type="text"
            inputMode={props.inputMode}
            value={value}
            required={!props.optional}
            onChange={(e) => setField(props.name, e.target.value as never)}
          />
        )
      }
    </Field>
  );
}

/** A live unit's stock: shown, and changed only through a recorded count with a reason (never by saving the draft). */
function LiveStock({ size, stock }: { size: string; stock: number }) {
  const edit = useStore($liveStockEdit);
  const ids = useId();
  const what = size ? `size ${size}` : 'this piece';
  if (edit?.size !== size)
    return (
      <div className="catalogue__live-stock">
        <p className="catalogue__hint">Live stock: {stock}</p>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => editLiveStock(size)}>
          Change stock{size ? ` of size ${size}` : ''}
        </button>
      </div>
    );
  return (
    <div className="catalogue__live-stock" role="group" aria-label={`Change the stock of ${what}`}>
      <div className="catalogue__field">
        <label htmlFor={`${ids}-count`}>Pieces available to sell</label>
        <input
          id={`${ids}-count`}
          type="text"
          inputMode="numeric"
          value={edit.value}
          aria-invalid={edit.error ? true : undefined}
          aria-describedby={edit.error ? `${ids}-error` : undefined}
          onChange={(e) => setLiveStockEdit({ value: e.target.value })}
        />
      </div>
      <div className="catalogue__field">
        <label htmlFor={`${ids}-reason`}>Reason</label>
        <select id={`${ids}-reason`} value={edit.reason} onChange={(e) => setLiveStockEdit({ reason: e.target.value as StockReason })}>
          <option value="">Choose a reason</option>
          {Object.entries(STOCK_REASONS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {edit.error && (
        <p id={`${ids}-error`} className="catalogue__error" role="alert">
          {edit.error}
        </p>
      )}
      <div className="catalogue__actions">
        <button type="button" className="btn btn--sm" disabled={edit.saving} onClick={() => void saveLiveStock()}>
          Save stock
        </button>
        <button type="button" className="btn btn--outline btn--sm" onClick={cancelLiveStock}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function SizesSection({ liveStock }: { liveStock: Record<string, number> | null }) {
  const form = useStore($productForm);
  const errors = useStore($productErrors);
  const stockNotice = useStore($liveStockNotice);
  const ids = useId();
  return (
    <fieldset className="catalogue__section">
      <legend>{PRODUCT_LABELS.sizes}</legend>
      <Notice kind={stockNotice?.kind ?? 'success'} text={stockNotice?.text} />
      <div className="catalogue__choices" role="radiogroup" aria-label="Size kind">
        {(['', 'ring', 'bangle', 'length'] as const).map((kind) => (
          <label key={kind || 'none'} className="catalogue__check">
            <input type="radio" name={`${ids}-kind`} checked={form.sizeKind === kind} onChange={() => setField('sizeKind', kind)} />
            {kind ? SIZE_GUIDES[kind] : 'No sizes'}
          </label>
        ))}
      </div>
      {errors['sizes'] && <p className="catalogue__error">{errors['sizes']}</p>}
      {form.sizeKind ? (
        <>
          <ol className="catalogue__sizes">
            {form.sizes.map((row, i) => {
              const live = liveStock?.[row.value];
              const field = (name: 'value' | 'stock' | 'price' | 'discountPrice' | 'sku', label: string, optional = false) => {
                const key = `sizes.${i}.${name}`;
                const id = `${ids}-${i}-${name}`;
                return (
                  <div className="catalogue__field">
                    <label htmlFor={id}>
                      {label}
                      {optional && <span className="catalogue__optional"> (optional)</span>}
                    </label>
                    <input
                      id={id}
                      type="text"
                      inputMode={name === 'value' || name === 'sku' ? undefined : name === 'stock' ? 'numeric' : 'decimal'}
                      value={row[name]}
                      required={!optional}
                      aria-invalid={errors[key] ? true : undefined}
                      aria-describedby={errors[key] ? `${id}-error` : undefined}
                      onChange={(e) => setSizeRow(i, { [name]: e.target.value })}
                    />
                    {errors[key] && (
                      <p id={`${id}-error`} className="catalogue__error">
                        {errors[key]}
                      </p>
                    )}
                  </div>
                );
              };
              return (
                <li key={i} className="catalogue__size" aria-label={`Size ${i + 1}`}>
                  {field('value', 'Size')}
                  {live === undefined ? field('stock', 'Stock') : <LiveStock size={row.value} stock={live} />}
                  {field('price', 'Price (₹)', true)}
                  {field('discountPrice', 'Discount price (₹)', true)}
                  {field('sku', 'SKU', true)}
                  <button type="button" className="btn btn--outline btn--sm" onClick={() => removeSizeRow(i)}>
                    Remove size {row.value || i + 1}
                  </button>
                </li>
              );
            })}
          </ol>
          <button type="button" className="btn btn--outline btn--sm" onClick={addSizeRow}>
            Add a size
          </button>
          <p className="catalogue__hint">A size without its own price sells at the product’s price.</p>
        </>
      ) : liveStock && '' in liveStock ? (
        <>
          <LiveStock size="" stock={liveStock['']!} />
          <p className="catalogue__hint">Saving a draft never changes live stock: it moves only through recorded stock changes.</p>
        </>
      ) : (
        <TextBox name="stock" label={PRODUCT_LABELS.stock} inputMode="numeric" hint="Pieces in stock when the product goes live." />
      )}
    </fieldset>
  );
}

/**
 * Price and tax: a fixed price (and discount price), or a price from the day's silver rate (weight × rate + making
 * charge + stone charge, shown as it is typed; the server works it out again on every save).
 */
function PriceSection() {
  const form = useStore($productForm);
  const { silverRate } = useStore($catalogueOptions);
  const ids = useId();
  const atRate = priceAtRate(form, silverRate);
  return (
    <fieldset className="catalogue__section">
      <legend>Price and tax</legend>
      <div className="catalogue__choices" role="radiogroup" aria-label="How the price is set">
        <label className="catalogue__check">
          <input type="radio" name={`${ids}-mode`} checked={form.priceMode === 'fixed'} onChange={() => setField('priceMode', 'fixed')} />
          Fixed price
        </label>
        <label className="catalogue__check">
          <input type="radio" name={`${ids}-mode`} checked={form.priceMode === 'rate'} onChange={() => setField('priceMode', 'rate')} />
          From the silver rate
        </label>
      </div>
      {form.priceMode === 'fixed' ? (
        <>
          <TextBox name="price" label={`${PRODUCT_LABELS.price} (₹)`} inputMode="decimal" />
          <TextBox name="discountPrice" label={`${PRODUCT_LABELS.discountPrice} (₹)`} inputMode="decimal" optional />
          <TextBox name="weightGrams" label={PRODUCT_LABELS.weightGrams} inputMode="decimal" optional />
        </>
      ) : (
        <>
          <TextBox
            name="weightGrams"
            label={PRODUCT_LABELS.weightGrams}
            inputMode="decimal"
            hint="Of silver, to the milligram (e.g. 4.25)."
          />
          <Field label="Making charge" name="making" hint="In rupees, or a percentage of the silver’s value.">
            {(control) => (
              <div className="catalogue__amount">
                <input
                  {...control}
                  name="making"
                  type="text"
                  inputMode="decimal"
                  required
                  value={form.making}
                  onChange={(e) => setField('making', e.target.value)}
                />
                <select
                  aria-label="Making charge in"
                  value={form.makingKind}
                  onChange={(e) => setField('makingKind', e.target.value as ProductForm['makingKind'])}
                >
                  <option value="rupees">₹</option>
                  <option value="percent">%</option>
                </select>
              </div>
            )}
          </Field>
          <TextBox name="stoneCharge" label="Stone charge (₹)" inputMode="decimal" optional />
          <p className="catalogue__rate-price" role="status">
            {silverRate === null
              ? 'No silver rate is set yet: an admin sets the day’s rate on the Silver rate page.'
              : atRate === null
                ? `At today’s rate of ${rateLabel(silverRate)}, the price shows once the weight and making charge are filled in.`
                : `Price at today’s rate of ${rateLabel(silverRate)}: ${formatINR(atRate)}`}
          </p>
        </>
      )}
      <TextBox name="hsn" label={PRODUCT_LABELS.hsn} inputMode="numeric" optional hint="7113 for silver jewellery." />
    </fieldset>
  );
}

/** Where sign-in returns to: this product's page (module-level, so the page's effects keep one function). */
const editorPath = () => location.pathname;

/** The product's saved versions: who saved, when, and what each changed; an older one can be restored as a new draft. */
function History() {
  const versions = useStore($productHistory);
  if (!versions.length) return null;
  return (
    <section className="catalogue__section" aria-labelledby="product-history">
      <h2 id="product-history">Saved versions</h2>
      <ol className="catalogue__history">
        {versions.map((v, i) => (
          <li key={v.version}>
            Version {v.version}, {indiaTime(v.at)}, by {v.by}: {changedLabels(v.changed)}
            {i > 0 && (
              <>
                {' '}
                <button
                  type="button"
                  className="btn btn--outline btn--sm catalogue__restore"
                  onClick={() => void restoreVersion(v.version)}
                >
                  Restore version {v.version}
                </button>
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function EditorInner() {
  const editor = useStore($editor);
  const form = useStore($productForm);
  const errors = useStore($productErrors);
  const save = useStore($saveState);
  const options = useStore($catalogueOptions);
  const load = useCallback(() => loadEditor(idFromPath()), []);
  useAdminPage(editorPath, load, editor.status);
  if (editor.status === 'forbidden') return <StaffOnly />;
  if (editor.status === 'loading') return <p role="status">Loading the product…</p>;
  if (editor.status === 'error') return <Notice kind="error" text={editor.message} />;
  if (editor.status === 'missing')
    return (
      <div className="catalogue">
        <h1>Product not found</h1>
        <p>
          <a href={catalogueRoutes.products()}>Back to products</a>
        </p>
      </div>
    );
  if (editor.status !== 'ready') return null;
  const draft = editor.draft;
  const subcategories = options.subcategories.filter((s) => !form.category || s.category === form.category);
  return (
    <div className="catalogue">
      <p>
        <a href={catalogueRoutes.products()}>← Back to products</a>
      </p>
      <h1>{draft ? form.name || draft.product.name : 'New product'}</h1>
      <p className="catalogue__sub">
        {draft?.isNew === false ? 'Live product' : 'Not live yet'}
        {draft?.savedAt ? ` · draft version ${draft.version}, saved by ${draft.savedBy} at ${indiaTime(draft.savedAt)}` : ''}
      </p>
      <form
        className="catalogue__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void saveDraft();
        }}
      >
        <fieldset className="catalogue__section">
          <legend>The piece</legend>
          <TextBox name="name" label={PRODUCT_LABELS.name} />
          <DescriptionField />
          <Field label={PRODUCT_LABELS.status} name="status" hint="Draft is never shown to shoppers; Archived is no longer sold.">
            {(control) => (
              <select {...control} value={form.status} onChange={(e) => setField('status', e.target.value as ProductStatus)}>
                {PRODUCT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {PRODUCT_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextBox name="slug" label={PRODUCT_LABELS.slug} optional hint="Made from the name when left empty, e.g. lotus-ring." />
        </fieldset>

        <PriceSection />

        <fieldset className="catalogue__section">
          <legend>Where it is listed</legend>
          <Field label={PRODUCT_LABELS.category} name="category" optional>
            {(control) => (
              <select {...control} value={form.category} onChange={(e) => setField('category', e.target.value)}>
                <option value="">Any category</option>
                {options.categories.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={PRODUCT_LABELS.subcategory} name="subcategory">
            {(control) => (
              <select {...control} required value={form.subcategory} onChange={(e) => setField('subcategory', e.target.value)}>
                <option value="">Choose a subcategory</option>
                {subcategories.map((s) => (
                  <option key={s.slug} value={s.slug}>
                    {s.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <fieldset className="catalogue__choices">
            <legend>{PRODUCT_LABELS.collections}</legend>
            {options.collections.map((c) => (
              <label key={c.slug} className="catalogue__check">
                <input
                  type="checkbox"
                  checked={form.collections.includes(c.slug)}
                  onChange={(e) => toggleCollection(c.slug, e.target.checked)}
                />
                {c.name}
              </label>
            ))}
            {errors['collections'] && <p className="catalogue__error">{errors['collections']}</p>}
          </fieldset>
          <TextBox name="tags" label={PRODUCT_LABELS.tags} optional hint="Separated by commas, e.g. daily-wear, gift." />
        </fieldset>

        <fieldset className="catalogue__section">
          <legend>{PRODUCT_LABELS.attributes}</legend>
          <p className="catalogue__hint">What the listing’s filters read: metal colour, stone, occasion…</p>
          {errors['attributes'] && <p className="catalogue__error">{errors['attributes']}</p>}
          {form.attributes.map((a, i) => (
            <div key={i} className="catalogue__pair">
              <div className="catalogue__field">
                <label htmlFor={`attr-${i}-name`}>Filter</label>
                <input id={`attr-${i}-name`} type="text" value={a.name} onChange={(e) => setAttribute(i, { ...a, name: e.target.value })} />
              </div>
              <div className="catalogue__field">
                <label htmlFor={`attr-${i}-value`}>Value</label>
                <input
                  id={`attr-${i}-value`}
                  type="text"
                  value={a.value}
                  onChange={(e) => setAttribute(i, { ...a, value: e.target.value })}
                />
              </div>
              <button type="button" className="btn btn--outline btn--sm" onClick={() => setAttribute(i, null)}>
                Remove {a.name || 'filter'}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn--outline btn--sm"
            onClick={() => setAttribute(form.attributes.length, { name: '', value: '' })}
          >
            Add a filter field
          </button>
        </fieldset>

        <SizesSection liveStock={draft?.liveStock ?? null} />

        <PhotosSection />

        <fieldset className="catalogue__section">
          <legend>Search engines</legend>
          <TextBox name="seoTitle" label={PRODUCT_LABELS.seoTitle} optional hint="Under 70 characters; the name when left empty." />
          <TextBox name="seoDescription" label={PRODUCT_LABELS.seoDescription} multiline optional hint="Under 160 characters." />
        </fieldset>

        <SaveDraftBar save={save} reloadLabel="Reload the product" onReload={() => void reloadProduct()}>
          {editor.draft && (
            <a className="btn btn--outline" href={catalogueRoutes.preview(editor.draft._id)}>
              Preview
            </a>
          )}
        </SaveDraftBar>
      </form>
      <History />
    </div>
  );
}

/** The product form island. */
export default function ProductEditorPage() {
  return (
    <ErrorBoundary>
      <EditorInner />
    </ErrorBoundary>
  );
}
