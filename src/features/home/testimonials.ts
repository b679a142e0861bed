/** The three fixed testimonials, held in the client: they are part of the page, never fetched. */

/** One testimonial (text, name, image). */
export interface Testimonial {
  text: string;
  name: string;
  /** Where the customer lives and what they bought, shown under the name. */
  detail: string;
  image: string;
}

/** The cards, in display order. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    text: 'The temple jhumkas I wore for my sister’s wedding looked far richer than the price. The hallmark and purity card in the box gave my mother real peace of mind.',
    name: 'Priya Sharma',
    detail: 'Pune · Temple Kemp Jhumkas',
    image: '/images/testimonials/priya.svg',
  },
  {
    text: 'I ordered payal on a Monday and it reached Chennai by Thursday, beautifully packed. When one size was slightly loose, the replacement was arranged without any fuss.',
    name: 'Ananya Iyer',
    detail: 'Chennai · Silver Payal',
    image: '/images/testimonials/ananya.svg',
  },
  {
    text: 'Bought matching couple bands for our anniversary. Solid weight, a clean finish, and cash on delivery made the first order easy. We have already been back for a kada.',
    name: 'Rohit Mehta',
    detail: 'Jaipur · Couple Bands',
    image: '/images/testimonials/rohit.svg',
  },
];
