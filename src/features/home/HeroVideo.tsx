/**
 * The looping brand video beside the hero blurb. The poster appears when the island hydrates (it is
 * below the fold, so it waits until the shopper scrolls near); the video itself (muted, looping, inline, preload none) is only attached once the island is
 * visible and the browser is idle, so it never competes with the LCP image. Shoppers who prefer
 * reduced motion keep the still poster. A pause button satisfies WCAG 2.2.2 (moving content).
 */
import { useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Icon } from '../../components/ui/Icon';
import { pauseIcon } from '../../components/ui/icons/pause';
import { playIcon } from '../../components/ui/icons/play';
import { Picture } from '../../components/ui/Picture';
import { useHydrated } from '../../components/ui/useHydrated';
import { prefersReducedMotion } from '../../components/ui/carousel/useSwiper';

/** Props of HeroVideo: the poster image and the two encodings of the loop. */
export interface HeroVideoProps {
  poster: string;
  webm: string;
  mp4: string;
  /** Intrinsic size of poster and video. */
  width: number;
  height: number;
  /** What the video shows, for screen readers. */
  label: string;
}

/** Runs fn when the browser is idle (or soon, where requestIdleCallback is missing). */
function whenIdle(fn: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(fn, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 1200);
  return () => clearTimeout(id);
}

function HeroVideoInner({ poster, webm, mp4, width, height, label }: HeroVideoProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [attached, setAttached] = useState(false);
  const [playing, setPlaying] = useState(false);
  // The poster is fetched once the island hydrates (when the story scrolls near), not during the page's
  // first load, where a phone would share its bandwidth between it and the banner, the largest paint.
  const hydrated = useHydrated();

  useEffect(() => {
    if (prefersReducedMotion()) return;
    return whenIdle(() => setAttached(true));
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!attached || !video) return;
    video.load();
    video.play().then(
      () => setPlaying(true),
      // Autoplay refused (data saver, low power): the poster stays and the play button offers it.
      () => setPlaying(false),
    );
  }, [attached]);

  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play().then(() => setPlaying(true));
    else {
      video.pause();
      setPlaying(false);
    }
  };

  return (
    <div className="hero-video">
      {hydrated ? (
        <Picture
          src={poster}
          alt=""
          width={width}
          height={height}
          sizes="(min-width: 992px) 50vw, 100vw"
          widths={[480, 800, 1080]}
          maxWidth={1080}
          className="hero-video__poster"
        />
      ) : (
        <span className="hero-video__poster" aria-hidden="true" />
      )}
      {attached && (
        <video
          ref={videoRef}
          className={playing ? 'hero-video__video is-playing' : 'hero-video__video'}
          width={width}
          height={height}
          muted
          loop
          playsInline
          preload="none"
          aria-label={label}
          onPlaying={() => setPlaying(true)}
        >
          <source src={webm} type="video/webm" />
          <source src={mp4} type="video/mp4" />
        </video>
      )}
      <button
        type="button"
        className="hero-video__toggle"
        hidden={!attached}
        onClick={toggle}
        aria-label={playing ? 'Pause video' : 'Play video'}
      >
        <Icon icon={playing ? pauseIcon : playIcon} size={16} />
      </button>
    </div>
  );
}

/** The video panel inside an error boundary. */
export function HeroVideo(props: HeroVideoProps) {
  return (
    <ErrorBoundary>
      <HeroVideoInner {...props} />
    </ErrorBoundary>
  );
}

export default HeroVideo;
