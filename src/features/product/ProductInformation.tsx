/**
 * The product page's description and specifications: 'Product information' (the description and the attributes,
 * open at first, collapsible) and 'Details' (the product's own fields). The page renders it as static HTML into
 * the product island's `information` slot (nothing here changes with stock, size or the cart, so none of it is in
 * the island's code). The collapsible part is a native <details>, which needs no script.
 */
import { Icon } from '../../components/ui/Icon';
import { chevronDownIcon } from '../../components/ui/icons/chevron-down';
import type { DetailProduct } from './detail';
import { RichText } from './RichText';
import '../../components/ui/disclosure.css';

/** The description and specifications of one product. */
export function ProductInformation({ product }: { product: Pick<DetailProduct, 'description' | 'attributes' | 'dynamicFields'> }) {
  return (
    <>
      {(product.description || product.attributes.length > 0) && (
        <details className="disclosure pd-info" open>
          <summary className="disclosure__toggle">
            <h2 className="disclosure__title">Product information</h2>
            <Icon icon={chevronDownIcon} size={18} className="disclosure__chevron" />
          </summary>
          <div className="disclosure__body pd-info__body">
            {product.description && <RichText text={product.description} className="pd-info__text" />}
            {product.attributes.length > 0 && (
              <dl className="pd-specs">
                {product.attributes.map(([name, value]) => (
                  <div className="pd-specs__row" key={name}>
                    <dt>{name}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        </details>
      )}
      {product.dynamicFields.length > 0 && (
        <section className="pd-fields">
          <h2 className="pd-fields__title">Details</h2>
          <dl className="pd-specs">
            {product.dynamicFields.map((f) => (
              <div className="pd-specs__row" key={f.fieldName}>
                <dt>{f.fieldName}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </>
  );
}
