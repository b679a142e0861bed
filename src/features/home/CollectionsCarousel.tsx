/**
 * The home collections carousel: collection cards linking to
 * /collections/{slug or id}; 2 per view by default, 1 from 576 px, 2 from 768 px, 3 from 992 px;
 * autoplay every 2500 ms; loops.
 */
import { Carousel } from '../../components/ui/carousel/Carousel';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Icon } from '../../components/ui/Icon';
import { arrowRightIcon } from '../../components/ui/icons/arrow-right';
import { Picture } from '../../components/ui/Picture';
import './home-cards.css';

/** A collection as its card needs it. */
export interface CollectionTile {
  id: string;
  name: string;
  href: string;
  image: string;
  /** How many pieces it holds, shown under the name. */
  count: number;
}

/** Props of CollectionsCarousel. */
export interface CollectionsCarouselProps {
  collections: CollectionTile[];
}

/** Slides per view by minimum width; carousel.css mirrors it. */
const PER_VIEW = { 0: 2, 576: 1, 768: 2, 992: 3 };

/** One card. */
function CollectionCard({ tile }: { tile: CollectionTile }) {
  return (
    <a className="collection-card" href={tile.href}>
      <span className="collection-card__media">
        <Picture
          src={tile.image}
          alt=""
          width={1200}
          height={1200}
          sizes="(min-width: 1280px) 400px, (min-width: 992px) 31vw, (min-width: 768px) 46vw, (min-width: 576px) 92vw, 46vw"
          widths={[320, 480, 800]}
          maxWidth={800}
          className="collection-card__image"
        />
      </span>
      <span className="collection-card__body">
        <span className="collection-card__name">{tile.name}</span>
        <span className="collection-card__meta">
          {tile.count > 0 ? `${tile.count} ${tile.count === 1 ? 'piece' : 'pieces'}` : 'Explore'}
          <Icon icon={arrowRightIcon} size={14} />
        </span>
      </span>
    </a>
  );
}

/** The carousel inside an error boundary. */
export function CollectionsCarousel({ collections }: CollectionsCarouselProps) {
  if (collections.length === 0) return null;
  return (
    <ErrorBoundary>
      <Carousel
        variant="collections"
        label="Collections"
        itemName="collection"
        arrows
        slides={collections.map((tile) => (
          <CollectionCard key={tile.id} tile={tile} />
        ))}
        keys={collections.map((c) => c.id)}
        perView={PER_VIEW}
        spaceBetween={20}
        delay={2500}
        loop
      />
    </ErrorBoundary>
  );
}

export default CollectionsCarousel;
