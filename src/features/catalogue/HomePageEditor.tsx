/**
 * /admin/home (editors and admins): the home page's banners, announcement bar and feature strip, with the
 * labels a shopkeeper uses. "Save draft" keeps the changes for Publish (the live shop is unchanged); a save someone
 * made first is named, with Reload offered. A banner can be scheduled by days (a festive banner starts and ends).
 */
import { useCallback, useId, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { scheduleState } from '@shared/banner-schedule';
import { FEATURE_STRIP } from '@shared/feature-strip';
import { formatIndiaDateTime } from '@shared/india-time';
import { HOME_LIMITS, type HomeBanner } from '@shared/schemas/home-page';
import { useAdminPage } from '../back-office/AdminGate';
import { catalogueRoutes } from '../back-office/catalogue-routes';
import { PieceSearch } from './PieceSearch';
import { SaveDraftBar } from './SaveDraftBar';
import { PublishPanel } from './PublishPanel';
import { StaffOnly } from './StaffOnly';
import {
  $bannerImages,
  $bannerPieces,
  $bannerUploads,
  $homeErrors,
  $homeForm,
  $homePage,
  $homeSave,
  addAnnouncement,
  addBanner,
  addPiece,
  loadHomePage,
  moveAnnouncement,
  moveBanner,
  movePiece,
  removeBanner,
  removePiece,
  saveHomePage,
  setAnnouncement,
  setBanner,
  setBannerPicture,
  setFeature,
} from './home-page.store';
import './catalogue.css';

/** Nothing to reload when a publish ends: the form shows the draft. */
const nothing = () => {};

/** Where a banner stands for shoppers, in words. */
function bannerState(b: HomeBanner): string {
  if (b.status !== 'active') return 'Hidden';
  const state = scheduleState(b, new Date());
  return state === 'upcoming' ? `Starts ${b.startsOn}` : state === 'ended' ? `Ended ${b.endsOn}` : 'Showing';
}

/** A labelled control tied to its message (by the field's path in the form). */
function Field(props: {
  label: string;
  path: string;
  hint?: ReactNode;
  children: (id: string, describedBy: string | undefined, invalid: true | undefined) => ReactNode;
}) {
  const base = useId();
  const error = useStore($homeErrors)[props.path];
  const describedBy = [props.hint ? `${base}-hint` : '', error ? `${base}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="catalogue__field">
      <label htmlFor={`${base}-control`}>{props.label}</label>
      {props.hint && (
        <p id={`${base}-hint`} className="catalogue__hint">
          {props.hint}
        </p>
      )}
      {props.children(`${base}-control`, describedBy, error ? true : undefined)}
      {error && (
        <p id={`${base}-error`} className="catalogue__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled text, web address or date box tied to its message (by the field's path in the form). */
function TextField(props: {
  label: string;
  path: string;
  hint?: ReactNode;
  type: 'text' | 'url' | 'date';
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={props.label} path={props.path} hint={props.hint}>
      {(id, describedBy, invalid) => (
        <input
          id={id}
          type={props.type}
          inputMode={props.type === 'url' ? 'url' : undefined}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          value={props.value}
          placeholder={props.placeholder}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** The pieces a banner's page lists: in order, with a search to add more. */
function BannerPieces({ banner, index }: { banner: HomeBanner; index: number }) {
  const pieces = useStore($bannerPieces);
  const title = banner.Heading || `banner ${index + 1}`;
  return (
    <fieldset className="catalogue__choices">
      <legend>Pieces on the banner’s page</legend>
      {banner.products.length === 0 && <p className="catalogue__hint">None yet: its page will say “No banner found” without pieces.</p>}
      <ol className="catalogue__pieces">
        {banner.products.map((slug, i) => {
          const name = pieces[slug]?.name ?? slug;
          return (
            <li key={slug}>
              <span>
                {name}
                {pieces[slug] && !pieces[slug].onSale && <span className="catalogue__optional"> (not on sale: left out)</span>}
              </span>
              {/* Short words on the buttons, the piece in their names: a banner lists up to 48 pieces. */}
              <span className="catalogue__row-actions">
                <button
                  type="button"
                  className="btn btn--outline btn--sm"
                  aria-label={`Move ${name} up`}
                  disabled={i === 0}
                  onClick={() => movePiece(index, slug, -1)}
                >
                  Up
                </button>
                <button
                  type="button"
                  className="btn btn--outline btn--sm"
                  aria-label={`Move ${name} down`}
                  disabled={i === banner.products.length - 1}
                  onClick={() => movePiece(index, slug, 1)}
                >
                  Down
                </button>
                <button
                  type="button"
                  className="btn btn--outline btn--sm"
                  aria-label={`Remove ${name}`}
                  onClick={() => removePiece(index, slug)}
                >
                  Remove
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <PieceSearch searchKey={banner.key} label={`Add a piece to ${title}`} chosen={banner.products} onAdd={(p) => addPiece(index, p)} />
    </fieldset>
  );
}

/** One banner's fields. */
function BannerFields({ banner, index, count }: { banner: HomeBanner; index: number; count: number }) {
  const images = useStore($bannerImages);
  const upload = useStore($bannerUploads)[banner.key];
  const errors = useStore($homeErrors);
  const ids = useId();
  const path = (f: string) => `banners.${index}.${f}`;
  const title = banner.Heading || `Banner ${index + 1}`;
  return (
    <fieldset className="catalogue__section catalogue__banner">
      <legend>
        {title} <span className="catalogue__badge">{bannerState(banner)}</span>
      </legend>
      <div className="catalogue__field">
        <p className="catalogue__label">Picture</p>
        {banner.image && images[banner.image] ? (
          <img
            className="catalogue__banner-image"
            src={images[banner.image]}
            alt=""
            width={320}
            height={banner.type === 'web' ? 120 : 160}
          />
        ) : (
          <p className="catalogue__hint">No picture yet.</p>
        )}
        <label className="btn btn--outline btn--sm catalogue__file">
          {banner.image ? 'Change the picture' : 'Add a picture'}
          <span className="visually-hidden"> of {title}</span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/*"
            className="visually-hidden"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void setBannerPicture(index, file);
            }}
          />
        </label>
        <p className="catalogue__hint">
          {banner.type === 'web' ? 'Wide, for computers: about 1920 × 720 pixels.' : 'For phones: about 1080 × 540 pixels.'}
        </p>
        {upload && (
          <p className={upload.state === 'refused' ? 'catalogue__error' : 'catalogue__hint'} role="status">
            {upload.message}
          </p>
        )}
        {errors[path('image')] && <p className="catalogue__error">{errors[path('image')]}</p>}
      </div>
      <TextField
        label="Heading"
        path={path('Heading')}
        hint="Its page’s title, and what screen readers say for the picture."
        type="text"
        value={banner.Heading}
        onChange={(value) => setBanner(index, { Heading: value })}
      />
      <div className="catalogue__pair">
        <Field label="Shown on" path={path('type')}>
          {(id) => (
            <select id={id} value={banner.type} onChange={(e) => setBanner(index, { type: e.target.value as HomeBanner['type'] })}>
              <option value="web">Computers (the wide slider)</option>
              <option value="mobile">Phones (the phone slider)</option>
            </select>
          )}
        </Field>
        <Field label="Kind" path={path('imageType')}>
          {(id) => (
            <select
              id={id}
              value={banner.imageType}
              onChange={(e) => setBanner(index, { imageType: e.target.value as HomeBanner['imageType'] })}
            >
              <option value="Banner">Slider banner</option>
              <option value="PromoBanner">Promo banner (the first one shown is used)</option>
              <option value="Other">Page only (not on the home page)</option>
            </select>
          )}
        </Field>
      </div>
      <label className="catalogue__check">
        <input
          type="checkbox"
          checked={banner.status === 'active'}
          onChange={(e) => setBanner(index, { status: e.target.checked ? 'active' : 'inactive' })}
        />
        Show it on the shop
      </label>
      <TextField
        label="Link (optional)"
        path={path('URL')}
        hint="Leave empty to open the banner’s own page with its pieces."
        type="url"
        value={banner.URL}
        onChange={(value) => setBanner(index, { URL: value.trim() })}
      />
      <div className="catalogue__pair">
        <TextField
          label="Starts on (optional)"
          path={path('startsOn')}
          hint="From the start of that day, India time."
          type="date"
          value={banner.startsOn ?? ''}
          onChange={(value) => setBanner(index, { startsOn: value })}
        />
        <TextField
          label="Ends on (optional)"
          path={path('endsOn')}
          hint="Until the end of that day, India time."
          type="date"
          value={banner.endsOn ?? ''}
          onChange={(value) => setBanner(index, { endsOn: value })}
        />
      </div>
      <BannerPieces banner={banner} index={index} />
      {errors[path('products')] && <p className="catalogue__error">{errors[path('products')]}</p>}
      <p className="catalogue__row-actions" id={`${ids}-actions`}>
        <button type="button" className="btn btn--outline btn--sm" disabled={index === 0} onClick={() => moveBanner(index, -1)}>
          Move {title} up
        </button>
        <button type="button" className="btn btn--outline btn--sm" disabled={index === count - 1} onClick={() => moveBanner(index, 1)}>
          Move {title} down
        </button>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => removeBanner(index)}>
          Remove {title}
        </button>
      </p>
    </fieldset>
  );
}

function HomePageInner() {
  const view = useStore($homePage);
  const form = useStore($homeForm);
  const errors = useStore($homeErrors);
  const save = useStore($homeSave);
  const load = useCallback(() => loadHomePage(), []);
  useAdminPage(catalogueRoutes.homePage, load, view.status);
  if (view.status === 'forbidden') return <StaffOnly />;
  if (view.status === 'loading' || view.status === 'signed-out') return <p role="status">Loading the home page…</p>;
  if (view.status === 'error') return <Notice kind="error" text={view.message} />;
  const { page } = view;
  return (
    <div className="catalogue">
      <h1>Home page</h1>
      <p className="catalogue__sub">
        {page.updatedAt
          ? `Draft version ${page.version}, saved by ${page.updatedBy} at ${formatIndiaDateTime(new Date(page.updatedAt))}${page.waiting ? ': not live yet' : ': live'}.`
          : 'As live: nobody has saved changes yet.'}{' '}
        <a href="/" target="_blank" rel="noopener">
          Open the shop’s home page
        </a>
      </p>
      <form
        className="catalogue__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void saveHomePage();
        }}
      >
        <h2>Banners</h2>
        <p className="catalogue__hint">
          Slider banners show in order, computers and phones each in their own slider; a scheduled banner shows only on its days (the pages
          are rebuilt as one starts or ends).
        </p>
        {errors['banners'] && <p className="catalogue__error">{errors['banners']}</p>}
        {form.banners.map((b, i) => (
          <BannerFields key={b.key} banner={b} index={i} count={form.banners.length} />
        ))}
        {form.banners.length < HOME_LIMITS.banners && (
          <p className="catalogue__row-actions">
            <button type="button" className="btn btn--outline btn--sm" onClick={() => addBanner('web')}>
              Add a computer banner
            </button>
            <button type="button" className="btn btn--outline btn--sm" onClick={() => addBanner('mobile')}>
              Add a phone banner
            </button>
          </p>
        )}

        <fieldset className="catalogue__section">
          <legend>Announcement bar</legend>
          <p className="catalogue__hint">The messages turn one after another at the top of every page. Hidden ones are kept for later.</p>
          {errors['announcements'] && <p className="catalogue__error">{errors['announcements']}</p>}
          {form.announcements.map((a, i) => (
            <div key={i} className="catalogue__announcement">
              <TextField
                label={`Message ${i + 1}`}
                path={`announcements.${i}.message`}
                type="text"
                value={a.message}
                onChange={(value) => setAnnouncement(i, { ...a, message: value })}
              />
              <label className="catalogue__check">
                <input type="checkbox" checked={a.isVisible} onChange={(e) => setAnnouncement(i, { ...a, isVisible: e.target.checked })} />
                Show message {i + 1}
              </label>
              <span className="catalogue__row-actions">
                <button type="button" className="btn btn--outline btn--sm" disabled={i === 0} onClick={() => moveAnnouncement(i, -1)}>
                  Move message {i + 1} up
                </button>
                <button
                  type="button"
                  className="btn btn--outline btn--sm"
                  disabled={i === form.announcements.length - 1}
                  onClick={() => moveAnnouncement(i, 1)}
                >
                  Move message {i + 1} down
                </button>
                <button type="button" className="btn btn--outline btn--sm" onClick={() => setAnnouncement(i, null)}>
                  Remove message {i + 1}
                </button>
              </span>
            </div>
          ))}
          {form.announcements.length < HOME_LIMITS.announcements && (
            <button type="button" className="btn btn--outline btn--sm" onClick={addAnnouncement}>
              Add a message
            </button>
          )}
        </fieldset>

        <fieldset className="catalogue__section">
          <legend>Feature strip</legend>
          <p className="catalogue__hint">
            The five promises near the foot of the home page: the titles stay, the line under each is yours.
          </p>
          {FEATURE_STRIP.map((f, i) => (
            <TextField
              key={f.title}
              label={f.title}
              path={`features.${i}`}
              type="text"
              value={form.features[i] ?? ''}
              placeholder={f.defaultText}
              onChange={(value) => setFeature(i, value)}
            />
          ))}
        </fieldset>

        <SaveDraftBar save={save} reloadLabel="Reload the home page" onReload={() => void loadHomePage()} />
      </form>
      <PublishPanel onPublished={nothing} />
    </div>
  );
}

/** The home page editor island. */
export default function HomePageEditor() {
  return (
    <ErrorBoundary>
      <HomePageInner />
    </ErrorBoundary>
  );
}
