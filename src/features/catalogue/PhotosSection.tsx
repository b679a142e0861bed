/**
 * The product form's Photos: add from a phone's camera or a computer (the button, or dropping several at once),
 * each photo with its alt text, moved up or down, made the first, or removed. Alt text is asked for before the
 * piece can be active; the first photo is the one lists show.
 */
import { useId, useRef, useState, type DragEvent } from 'react';
import { useStore } from '@nanostores/react';
import { cdnImage } from '@shared/images';
import { PHOTO_ALT_MAX } from '@shared/schemas/product';
import { PHOTO_MAX_COUNT } from '@shared/schemas/photos';
import { $productErrors, $productForm } from './product-editor.store';
import { $photoUploads, addPhotos, dismissPhotoUpload, movePhoto, removePhoto, setPhotoAlt } from './photos.store';

/** Thumbnail size in the form (CSS pixels, 4:5 like the shop's photos). */
const THUMB = { width: 120, height: 150 } as const;

export function PhotosSection() {
  const { photos } = useStore($productForm);
  const errors = useStore($productErrors);
  const uploads = useStore($photoUploads);
  const ids = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [dropping, setDropping] = useState(false);
  const working = uploads.filter((u) => u.state === 'working');
  const refused = uploads.filter((u) => u.state === 'refused');

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDropping(false);
    const files = [...e.dataTransfer.files];
    if (files.length) void addPhotos(files);
  };

  return (
    <fieldset className="catalogue__section" aria-describedby={`${ids}-hint`}>
      <legend>Photos</legend>
      <p id={`${ids}-hint`} className="catalogue__hint">
        JPEG, PNG or WebP, up to {PHOTO_MAX_COUNT}. Large phone photos are shrunk before they are sent. The first photo is the one lists
        show; each needs alt text (what it shows, for shoppers who cannot see it) before the piece can be active.
      </p>
      <div
        className={`catalogue__drop${dropping ? ' catalogue__drop--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
      >
        <button type="button" className="btn btn--outline btn--sm" onClick={() => picker.current?.click()}>
          Add photos
        </button>
        <span className="catalogue__hint">or drop them here</span>
        <input
          ref={picker}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/*"
          multiple
          hidden
          aria-label="Add photos"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void addPhotos(files);
          }}
        />
      </div>
      <p role="status" className="catalogue__hint">
        {working.map((u) => u.message).join(' ')}
      </p>
      {refused.map((u) => (
        <div key={u.id} className="catalogue__photo-refused" role="alert">
          <p>{u.message}</p>
          <button type="button" className="btn btn--outline btn--sm" onClick={() => dismissPhotoUpload(u.id)}>
            Dismiss
          </button>
        </div>
      ))}
      {errors['photos'] && <p className="catalogue__error">{errors['photos']}</p>}
      {photos.length > 0 && (
        <ol className="catalogue__photos">
          {photos.map((photo, i) => {
            const altId = `${ids}-alt-${i}`;
            const error = errors[`photos.${i}.alt`];
            const n = i + 1;
            return (
              <li key={photo.path} className="catalogue__photo-row" aria-label={`Photo ${n}${i === 0 ? ', the first photo' : ''}`}>
                {photo.url ? (
                  <img
                    src={cdnImage(photo.url, THUMB.width * 2)}
                    alt={photo.alt}
                    width={THUMB.width}
                    height={THUMB.height}
                    loading="lazy"
                  />
                ) : (
                  <span className="catalogue__no-photo">{photo.path}</span>
                )}
                <div className="catalogue__photo-fields">
                  {i === 0 && <p className="catalogue__badge">First photo</p>}
                  <div className="catalogue__field">
                    <label htmlFor={altId}>Alt text of photo {n}</label>
                    <input
                      id={altId}
                      type="text"
                      value={photo.alt}
                      maxLength={PHOTO_ALT_MAX + 20}
                      placeholder="e.g. Lotus ring on a hand, seen from above"
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${altId}-error` : undefined}
                      onChange={(e) => setPhotoAlt(i, e.target.value)}
                    />
                    {error && (
                      <p id={`${altId}-error`} className="catalogue__error">
                        {error}
                      </p>
                    )}
                  </div>
                  <div className="catalogue__actions">
                    {i > 0 && (
                      <>
                        <button type="button" className="btn btn--outline btn--sm" onClick={() => movePhoto(i, 0)}>
                          Make photo {n} first
                        </button>
                        <button type="button" className="btn btn--outline btn--sm" onClick={() => movePhoto(i, i - 1)}>
                          Move photo {n} up
                        </button>
                      </>
                    )}
                    {i < photos.length - 1 && (
                      <button type="button" className="btn btn--outline btn--sm" onClick={() => movePhoto(i, i + 1)}>
                        Move photo {n} down
                      </button>
                    )}
                    <button type="button" className="btn btn--outline btn--sm" onClick={() => removePhoto(i)}>
                      Remove photo {n}
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </fieldset>
  );
}
