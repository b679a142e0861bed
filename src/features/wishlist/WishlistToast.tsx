/**
 * The wishlist's acknowledgement: a toast at the foot of the window ('Added to wishlist: Lotus Ring', View
 * wishlist, and a close button inside its box), said to screen readers as the cart drawer says 'Added to cart: …'.
 * It goes after a few seconds, but not while focus is in it (a keyboard user on its link or close button). Renders $wishlistNote (wishlist.store.ts);
 * an island hydrated by client:onevent on the first change (BaseLayout), its words and its stylesheet (loaded by URL)
 * coming with it, so no page's first load carries them. Its box is Notice's (notice.css), written out here because
 * importing Notice would inline that stylesheet into every page.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { loadStylesheet } from '../../components/ui/load-stylesheet';
import { routes } from '@shared/routes';
import { wishlistNoteText } from './wishlist-note';
import { $wishlistNote } from './wishlist.store';
import { dismissWishlistNote } from './wishlist-toast.store';
import toastCssUrl from './wishlist-toast.css?url';

/** How long the toast stays once nothing holds it (the product page's refusals stay as long). */
const SHOWN_MS = 5000;

let styles: Promise<void> | null = null;

/** The toast, while there is a note. Renders nothing until its styles are in (as on the server, so hydration matches). */
export function WishlistToast() {
  const note = useStore($wishlistNote);
  const [styled, setStyled] = useState(false);
  // Filled a moment after the region appears: a live region that arrives with its text is often not read.
  const [said, setSaid] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const text = note ? wishlistNoteText(note.added, note.name) : '';
  // On the wishlist itself there is nowhere to go: no View wishlist.
  const link = typeof location !== 'undefined' && location.pathname.replace(/\/$/, '') !== routes.wishlist;

  useEffect(() => {
    let live = true;
    void (styles ??= loadStylesheet(toastCssUrl)).then(() => live && setStyled(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!styled || !note) return;
    const id = setTimeout(() => setSaid(wishlistNoteText(note.added, note.name)), 150);
    return () => {
      clearTimeout(id);
      setSaid('');
    };
  }, [styled, note]);

  // Goes after a while, unless focus is in it then (asked again each while); not held by the pointer, as a toast that
  // appears under it would then stay.
  useEffect(() => {
    if (!note) return;
    const id = setInterval(() => {
      if (!box.current?.contains(document.activeElement)) dismissWishlistNote();
    }, SHOWN_MS);
    return () => clearInterval(id);
  }, [note]);

  if (!styled) return null;
  return (
    <div className="wtoast">
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {note && (
        <div className="notice notice--success notice--boxed wtoast__box" ref={box}>
          {/* Said by the status above; the box only shows it. */}
          <p className="notice__text">
            {text}
            {link && (
              <>
                {' '}
                <a href={routes.wishlist}>View wishlist</a>
              </>
            )}
          </p>
          <button type="button" className="notice__close" aria-label="Dismiss message" onClick={dismissWishlistNote}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}

export default WishlistToast;
