/**
 * The only place Swiper is imported. Carousels load this file lazily (see useSwiper), and the named
 * imports let the bundler drop every module the shop does not use. Dots and arrows are the shop's
 * own React controls (server-rendered, so they never pop in), hence no Pagination/Navigation modules.
 */
import Swiper from 'swiper';
import { A11y, Autoplay } from 'swiper/modules';

export { Swiper, A11y, Autoplay };
