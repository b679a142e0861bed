/**
 * The back office's Home page: its banners (picture, heading, link, where and when they show, the pieces their page
 * lists), the announcement bar's messages and the feature strip's lines, edited here and saved as one draft over
 * the version loaded. The server checks everything again; saving never changes the live shop (Publish does).
 */
import { atom } from 'nanostores';
import { catalogueAdminApiPaths, type AdminHomePage, type AdminHomePageResponse, type BannerPiece } from '@shared/api/catalogue-admin';
import { HOME_LIMITS, HomePageSchema, type HomeBanner, type HomePage } from '@shared/schemas/home-page';
import { callApi } from '../auth/api-client';
import { refusal, type Fetched } from '../shared/fetched';
import { loadPublish } from './publish.store';
import { uploadPhoto } from './photos.store';
import { moved } from './list-order';

/** The page as loaded: the version the form saves over, who saved last. */
export const $homePage = atom<Fetched<{ page: AdminHomePage }, true>>({ status: 'loading' });
/** The form as edited. */
export const $homeForm = atom<HomePage>({ banners: [], announcements: [], features: [] });
/** Each field's message, by its path ('banners.0.Heading', 'announcements.2.message'). */
export const $homeErrors = atom<Record<string, string>>({});
/** The last save: sending, saved, refused because someone saved first, or failed. */
export const $homeSave = atom<{ status: 'idle' | 'saving' | 'saved' | 'conflict' | 'error'; message: string | null }>({
  status: 'idle',
  message: null,
});
/** The pieces the banners name (their names for the form), by web address. */
export const $bannerPieces = atom<Record<string, BannerPiece>>({});
/** Where each banner picture loads from, by its stored path. */
export const $bannerImages = atom<Record<string, string>>({});
/** A banner picture on its way, or refused (by the banner's key). */
export const $bannerUploads = atom<Record<string, { state: 'working' | 'refused'; message: string }>>({});

const FALLBACK = 'The home page could not be loaded. Please try again.';

/** Shows a loaded (or saved) page. */
function show(page: AdminHomePage): void {
  $homePage.set({ status: 'ready', page });
  $homeForm.set(page.home);
  $bannerPieces.set(Object.fromEntries(page.pieces.map((p) => [p.slug, p])));
  $bannerImages.set(page.images);
}

/** Loads the saved draft (or the live page). */
export async function loadHomePage(fetchImpl?: typeof fetch): Promise<void> {
  $homeSave.set({ status: 'idle', message: null });
  $homeErrors.set({});
  const r = await callApi<AdminHomePageResponse>(catalogueAdminApiPaths.adminCatalogueHome, { auth: true }, fetchImpl);
  if (!r.ok) return $homePage.set(refusal(r, { fallback: FALLBACK, forbidden: true }));
  show(r.data.page);
}

/** The form with one part replaced (its messages go until the next save). */
function edit(next: Partial<HomePage>): void {
  $homeForm.set({ ...$homeForm.get(), ...next });
  if ($homeSave.get().status === 'saved') $homeSave.set({ status: 'idle', message: null });
}

/** Changes one banner's fields. */
export function setBanner(index: number, patch: Partial<HomeBanner>): void {
  edit({ banners: $homeForm.get().banners.map((b, i) => (i === index ? { ...b, ...patch } : b)) });
}

/** Adds an empty banner at the end (hidden from shoppers until published, like every change). */
export function addBanner(type: HomeBanner['type']): void {
  const key = `banner-${Date.now().toString(36)}`;
  const banner: HomeBanner = { key, type, status: 'active', imageType: 'Banner', image: '', Heading: '', URL: '', products: [] };
  edit({ banners: [...$homeForm.get().banners, banner] });
}

/** Takes a banner off the page. */
export function removeBanner(index: number): void {
  edit({ banners: $homeForm.get().banners.filter((_, i) => i !== index) });
}

/** Moves a banner one place earlier (-1) or later (+1) in its slider. */
export function moveBanner(index: number, by: -1 | 1): void {
  edit({ banners: moved($homeForm.get().banners, index, index + by) });
}

/** Uploads a new picture for a banner (prepared and checked as product photos are). */
export async function setBannerPicture(index: number, file: File, fetchImpl?: typeof fetch): Promise<void> {
  const key = $homeForm.get().banners[index]?.key;
  if (!key) return;
  const mark = (v: { state: 'working' | 'refused'; message: string } | null) => {
    const { [key]: _gone, ...rest } = $bannerUploads.get();
    $bannerUploads.set(v ? { ...rest, [key]: v } : rest);
  };
  mark({ state: 'working', message: `Adding ${file.name}…` });
  const r = await uploadPhoto(file, fetchImpl);
  if (!r.ok) return mark({ state: 'refused', message: `${file.name}: ${r.message}` });
  mark(null);
  $bannerImages.set({ ...$bannerImages.get(), [r.data.path]: r.data.url });
  const at = $homeForm.get().banners.findIndex((b) => b.key === key);
  if (at >= 0) setBanner(at, { image: r.data.path });
}

/** Adds a piece to the end of a banner's list (once). */
export function addPiece(index: number, piece: BannerPiece): void {
  const banner = $homeForm.get().banners[index];
  if (!banner || banner.products.includes(piece.slug)) return;
  $bannerPieces.set({ ...$bannerPieces.get(), [piece.slug]: piece });
  setBanner(index, { products: [...banner.products, piece.slug] });
}

/** Takes a piece off a banner's list. */
export function removePiece(index: number, slug: string): void {
  const banner = $homeForm.get().banners[index];
  if (banner) setBanner(index, { products: banner.products.filter((s) => s !== slug) });
}

/** Moves a piece one place earlier or later in a banner's list. */
export function movePiece(index: number, slug: string, by: -1 | 1): void {
  const banner = $homeForm.get().banners[index];
  if (!banner) return;
  const at = banner.products.indexOf(slug);
  setBanner(index, { products: moved(banner.products, at, at + by) });
}

/** Changes one announcement message (null removes it). */
export function setAnnouncement(index: number, value: HomePage['announcements'][number] | null): void {
  const list = $homeForm.get().announcements;
  edit({ announcements: value === null ? list.filter((_, i) => i !== index) : list.map((a, i) => (i === index ? value : a)) });
}

/** Adds an empty, shown message at the end. */
export function addAnnouncement(): void {
  const list = $homeForm.get().announcements;
  if (list.length < HOME_LIMITS.announcements) edit({ announcements: [...list, { message: '', isVisible: true }] });
}

/** Moves a message one place earlier or later in the bar. */
export function moveAnnouncement(index: number, by: -1 | 1): void {
  edit({ announcements: moved($homeForm.get().announcements, index, index + by) });
}

/** Changes the line under one feature of the strip. */
export function setFeature(index: number, text: string): void {
  edit({ features: $homeForm.get().features.map((f, i) => (i === index ? text : f)) });
}

/** The form's messages by field path, from the shared schema's check (the API checks with the same schema). */
export function homeFormErrors(form: HomePage): Record<string, string> {
  const checked = HomePageSchema.safeParse(form);
  if (checked.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of checked.error.issues) {
    const path = issue.path.join('.');
    // A banner with no picture yet fails the path's pattern: it is told what to do instead.
    const message = /^banners\.\d+\.image$/.test(path) ? 'Add the banner’s picture' : issue.message;
    errors[path] ??= message;
  }
  return errors;
}

/** Saves the form over the version loaded; a save someone made first is named, with Reload offered. */
export async function saveHomePage(fetchImpl?: typeof fetch): Promise<void> {
  const state = $homePage.get();
  if (state.status !== 'ready' || $homeSave.get().status === 'saving') return;
  const errors = homeFormErrors($homeForm.get());
  $homeErrors.set(errors);
  if (Object.keys(errors).length) {
    $homeSave.set({ status: 'error', message: 'Some fields need a change before the home page can be saved.' });
    return;
  }
  $homeSave.set({ status: 'saving', message: null });
  const r = await callApi<AdminHomePageResponse>(
    catalogueAdminApiPaths.adminCatalogueHome,
    { method: 'PUT', auth: true, body: { version: state.page.version, home: HomePageSchema.parse($homeForm.get()) } },
    fetchImpl,
  );
  if (!r.ok) {
    if (r.status === 401) return $homePage.set({ status: 'signed-out' });
    return $homeSave.set({
      status: r.status === 409 ? 'conflict' : 'error',
      message: r.message ?? 'The home page could not be saved. Please try again.',
    });
  }
  show(r.data.page);
  $homeSave.set({ status: 'saved', message: `${r.data.message} The live shop is unchanged until it is published.` });
  await loadPublish(fetchImpl);
}
