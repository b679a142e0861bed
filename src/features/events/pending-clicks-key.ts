/** sessionStorage key of card clicks made before a page's tracker arrived (product ids, oldest first; pending-clicks.ts). */
export const PENDING_CLICKS_KEY = 'pendingProductClicks';
