/**
 * Where the shop serves a product photo uploaded from the back office: `${UPLOADED_PHOTO_ROUTE}/<file>`. A module
 * of its own: the storefront's API paths name it, and importing the photo rules (schemas/photos.ts) for one
 * string would put the back office's upload messages into every page's first load.
 */
export const UPLOADED_PHOTO_ROUTE = '/api/photos';
