/** The Reputo wordmark: a star in a rounded square, then the name. */
export function BrandMark({ size = 18 }: { size?: number }) {
  return (
    <span className="brand-mark" aria-hidden>
      <svg width={size} height={size} viewBox="0 0 24 24" fill="#fff">
        <path d="M12 2.5l2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L12 17.3l-5.8 3.1 1.1-6.5L2.6 9.3l6.5-.9z" />
      </svg>
    </span>
  );
}

const PRODUCT = 'Reputo'; // the product's name, the same in every language

export function Brand({ showName = true }: { showName?: boolean }) {
  return (
    <span className="brand">
      <BrandMark />
      {showName && <span>{PRODUCT}</span>}
    </span>
  );
}
