import type { ReactNode } from 'react';
import { CheckIcon } from './icons';
import styles from './landing.module.css';

interface SectionProps {
  /** The anchor; the heading gets `${id}-title` and labels the section. */
  id: string;
  title: string;
  kicker?: string;
  lead?: string;
  /** A tinted band, to set sections apart. */
  band?: boolean;
  /** A picture beside the text on wide screens (below it on narrow ones). */
  visual?: ReactNode;
  /** The picture on the left on wide screens. */
  visualFirst?: boolean;
  children?: ReactNode;
}

/** One landing section: a labelled region with its heading, lead and content. */
export function Section(props: SectionProps) {
  const headingId = `${props.id}-title`;
  const head = (
    <div className={styles.sectionHead}>
      {props.kicker ? <p className={styles.kicker}>{props.kicker}</p> : null}
      <h2 id={headingId} className={styles.h2}>
        {props.title}
      </h2>
      {props.lead ? <p className={styles.lead}>{props.lead}</p> : null}
    </div>
  );
  return (
    <section
      id={props.id}
      aria-labelledby={headingId}
      className={props.band ? `${styles.section} ${styles.band}` : styles.section}
    >
      <div className={styles.inner}>
        {props.visual ? (
          <div className={props.visualFirst ? `${styles.split} ${styles.splitVisualFirst}` : styles.split}>
            <div className={styles.splitText}>
              {head}
              {props.children}
            </div>
            <div className={styles.splitVisual}>{props.visual}</div>
          </div>
        ) : (
          <>
            {head}
            {props.children}
          </>
        )}
      </div>
    </section>
  );
}

/** A short list of points, each a small heading and a sentence. */
export function PointList({ points }: { points: readonly { title: string; text: string }[] }) {
  return (
    <ul className={styles.points}>
      {points.map((point) => (
        <li key={point.title} className={styles.point}>
          <span className={styles.pointMark}>
            <CheckIcon />
          </span>
          <h3 className={styles.pointTitle}>{point.title}</h3>
          <p className={styles.pointText}>{point.text}</p>
        </li>
      ))}
    </ul>
  );
}
