import { SIBLINGS, type SiblingKey } from '../config.js';

const BRANDS: readonly SiblingKey[] = ['spelling', 'maths', 'phonics', 'quiz', 'literacy', 'hub'];

/** The fixed white brand bar (O §2): links to the sibling products and the game button on the right. */
export function BrandBar() {
  return (
    <nav className="brand-bar" aria-label="EdShed products">
      <ul>
        {BRANDS.map((key) => (
          <li key={key}>
            <a href={SIBLINGS[key].url} className={`brand brand-${key}`}>
              {SIBLINGS[key].label}
            </a>
          </li>
        ))}
      </ul>
      <a className="game-button" href={SIBLINGS.game.url}>
        {SIBLINGS.game.label}
      </a>
    </nav>
  );
}
