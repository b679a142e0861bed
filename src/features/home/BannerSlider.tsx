/**
 * The home hero banners: a mobile slider (250 px high) below 992 px and a web
 * slider from 992 px, each autoplaying every 3000 ms with clickable dots, looping only with more
 * than one banner. A slide opens the banner's URL when it has one, else /banner/{id}.
 * The first slide of each slider is in the static HTML (the page's LCP image, fetchpriority high),
 * gated by media query so a phone never downloads the desktop image and vice versa. 'Loading
 * banners...' is announced until the island has hydrated.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Icon } from '../../components/ui/Icon';
import { arrowRightIcon } from '../../components/ui/icons/arrow-right';
import { Picture } from '../../components/ui/Picture';
import type { LeadImage } from '@shared/images';
import { useHydrated } from '../../components/ui/useHydrated';
import { loadSwiper, prefersReducedMotion, useSwiper } from '../../components/ui/carousel/useSwiper';
import { CarouselControls } from '../../components/ui/carousel/CarouselControls';
import { useCarouselControls } from '../../components/ui/carousel/useCarouselControls';
import 'swiper/css';
import './banner-slider.css';

/** One banner as the slider needs it. */
export interface BannerSlide {
  id: string;
  heading: string;
  /** The banner's URL when non-empty, else /banner/{id}. */
  href: string;
  image: string;
}

/** Props of BannerSlider: active 'Banner' banners split by type. */
export interface BannerSliderProps {
  web: BannerSlide[];
  mobile: BannerSlide[];
}

/** Autoplay delay: a new banner every 3 s. */
const DELAY_MS = 3000;

/** The large breakpoint: the web banners from here, the mobile ones below. */
const WEB_MEDIA = '(min-width: 992px)';
const MOBILE_MEDIA = '(max-width: 991.98px)';
/** Variant widths of the desktop and phone banners. */
const WIDTHS = { web: [800, 1080, 1500, 1920], mobile: [480, 800, 1080] } as const;

/** The first banner of each slider, which the home page preloads from <head> (its largest paint). */
export function bannerLeadImages({ web, mobile }: BannerSliderProps): LeadImage[] {
  return [
    ...(web[0] ? [{ src: web[0].image, sizes: '100vw', widths: WIDTHS.web, media: WEB_MEDIA }] : []),
    ...(mobile[0] ? [{ src: mobile[0].image, sizes: '100vw', widths: WIDTHS.mobile, media: MOBILE_MEDIA }] : []),
  ];
}

/** Whether a media query matches, following changes (false on the server and during hydration). */
function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia(query);
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

interface SliderProps {
  kind: 'web' | 'mobile';
  slides: BannerSlide[];
  media: string;
}

/** One slider; Swiper starts only while its breakpoint is showing. */
function Slider({ kind, slides, media }: SliderProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const controls = useCarouselControls(slides.length);
  const visible = useMedia(media);
  const many = slides.length > 1;
  // Slides after the first get their images once Swiper has arrived (they are off-screen until it
  // runs), so the LCP image does not share the connection with them.
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    if (!visible || !many) return;
    let live = true;
    loadSwiper().then(
      () => live && setExpanded(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [visible, many]);
  const size = kind === 'web' ? { width: 1920, height: 700 } : { width: 900, height: 1000 };

  useSwiper(
    rootRef,
    ({ A11y, Autoplay }) => {
      if (!visible || !many || !expanded) return null;
      const reduced = prefersReducedMotion();
      return {
        modules: [A11y, Autoplay],
        slidesPerView: 1,
        loop: true,
        speed: reduced ? 0 : 700,
        autoplay: reduced ? false : { delay: DELAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true },
        a11y: { enabled: true, slideRole: 'group', containerRoleDescriptionMessage: 'carousel', itemRoleDescriptionMessage: 'banner' },
      };
    },
    [visible, many, expanded],
    controls.attach,
  );

  return (
    <div className={`banner-slider banner-slider--${kind}`}>
      <div
        ref={rootRef}
        className="swiper banner-slider__swiper"
        role="region"
        aria-roledescription="carousel"
        aria-label="Featured banners"
      >
        <div className="swiper-wrapper">
          {slides.map((slide, i) => (
            <div key={slide.id} className="swiper-slide banner-slide">
              <a className="banner-slide__link" href={slide.href}>
                {i === 0 || expanded ? (
                  <Picture
                    src={slide.image}
                    alt=""
                    width={size.width}
                    height={size.height}
                    sizes="100vw"
                    widths={WIDTHS[kind]}
                    maxWidth={kind === 'web' ? 1920 : 1080}
                    media={media}
                    priority={i === 0}
                    className="banner-slide__image"
                  />
                ) : (
                  <span className="banner-slide__image banner-slide__image--pending" aria-hidden="true" />
                )}
                <span className="banner-slide__caption">
                  <span className="banner-slide__eyebrow">92.5 Sterling Silver</span>
                  <span className="banner-slide__title">{slide.heading}</span>
                  <span className="banner-slide__cta">
                    Shop now <Icon icon={arrowRightIcon} size={16} />
                  </span>
                </span>
              </a>
            </div>
          ))}
        </div>
        {many && (
          <CarouselControls
            controls={controls}
            dots={slides.length}
            arrows={false}
            label="banners"
            itemName="banner"
            className="banner-slider__controls"
          />
        )}
      </div>
    </div>
  );
}

function BannerSliderInner({ web, mobile }: BannerSliderProps) {
  const hydrated = useHydrated();
  // A shop with banners of only one type still shows them at every size.
  const webSlides = web.length > 0 ? web : mobile;
  const mobileSlides = mobile.length > 0 ? mobile : web;
  if (webSlides.length === 0) return null;
  return (
    <section className="banners" aria-label="Featured collections">
      {!hydrated && (
        <p className="visually-hidden" role="status">
          Loading banners...
        </p>
      )}
      <Slider kind="web" slides={webSlides} media={WEB_MEDIA} />
      <Slider kind="mobile" slides={mobileSlides} media={MOBILE_MEDIA} />
    </section>
  );
}

/** The two banner sliders inside an error boundary. */
export function BannerSlider(props: BannerSliderProps) {
  return (
    <ErrorBoundary>
      <BannerSliderInner {...props} />
    </ErrorBoundary>
  );
}

export default BannerSlider;
