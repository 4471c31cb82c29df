import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session';
import { LogoMark } from '../../ui/LogoMark';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import './landing.css';

/**
 * The example group in the hero, per language. Fixed illustrative figures (no arithmetic):
 * three people split the hotel and the dinner equally, so Boris and you owe Anna.
 */
const DEMO = {
  ru: {
    currency: 'RUB',
    hotel: 900_000,
    dinner: 300_000,
    boris: 400_000,
    you: 100_000,
    taxi: 120_000,
    taxiTyped: '1200',
  },
  en: {
    currency: 'EUR',
    hotel: 36_000,
    dinner: 12_000,
    boris: 16_000,
    you: 4_000,
    taxi: 2_400,
    taxiTyped: '24',
  },
} as const;

/** /features: a short landing until the full one (spec §2) — pitch, three steps, call to action. */
export function LandingPage() {
  const { t, i18n } = useTranslation('landing');
  const { data: user } = useSession();
  const signedIn = Boolean(user);
  // Get started goes to sign-in, or straight into the app for a signed-in visitor.
  const target = signedIn ? '/' : '/login';

  return (
    <div className="landing">
      <header className="landing-header">
        <div className="landing-inner landing-header-inner">
          <span className="logo">
            <LogoMark />
            {t('appName', { ns: 'common' })}
          </span>
          <LanguageSwitch />
          <Link to={target} className="btn btn-primary landing-header-cta">
            {t('getStarted')}
          </Link>
        </div>
      </header>

      <main>
        <section className="landing-inner landing-hero">
          <div className="hero-text">
            <p className="hero-badge">{t('heroBadge')}</p>
            <h1 className="hero-title">{t('heroTitle')}</h1>
            <p className="hero-pitch">{t('heroPitch')}</p>
            <div className="hero-actions">
              <Link to={target} className="btn btn-primary hero-cta">
                {t('getStarted')}
                <span aria-hidden="true">→</span>
              </Link>
            </div>
          </div>
          <DemoCard language={i18n.language === 'en' ? 'en' : 'ru'} />
        </section>

        <section className="landing-inner landing-steps" aria-labelledby="steps-title">
          <h2 id="steps-title" className="landing-h2">
            {t('stepsTitle')}
          </h2>
          <ol className="steps">
            {(
              [
                ['step1Title', 'step1Text'],
                ['step2Title', 'step2Text'],
                ['step3Title', 'step3Text'],
              ] as const
            ).map(([title, text], index) => (
              <li key={title} className="step">
                <span className="step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="step-title">{t(title)}</h3>
                <p className="step-text">{t(text)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="landing-inner">
          <div className="landing-cta">
            <h2 className="landing-h2">{t('ctaTitle')}</h2>
            <p className="landing-cta-text">{t('ctaText')}</p>
            <Link to={target} className="btn landing-cta-btn">
              {t('getStarted')}
            </Link>
          </div>
        </section>
      </main>

      <footer className="landing-inner landing-footer">
        {t('footer', { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}

/** A picture of the app at work: an example group with its expenses, debts and a message to the bot. */
function DemoCard({ language }: { language: 'ru' | 'en' }) {
  const { t } = useTranslation('landing');
  const format = useFormat();
  const demo = DEMO[language];
  const money = (cents: number) => format.money(cents, demo.currency);
  return (
    <div className="demo" aria-hidden="true">
      <div className="demo-card">
        <div className="demo-head">
          <span className="demo-group-mark" />
          <div>
            <div className="demo-group">{t('demoGroup')}</div>
            <div className="demo-muted">{t('demoMembers')}</div>
          </div>
        </div>
        <ul className="demo-list">
          <li>
            <span>
              <span className="demo-name">{t('demoHotel')}</span>
              <span className="demo-muted">{t('demoPaidAnya')}</span>
            </span>
            <span className="demo-amount">{money(demo.hotel)}</span>
          </li>
          <li>
            <span>
              <span className="demo-name">{t('demoDinner')}</span>
              <span className="demo-muted">{t('demoPaidYou')}</span>
            </span>
            <span className="demo-amount">{money(demo.dinner)}</span>
          </li>
        </ul>
        <div className="demo-debts">
          <div className="demo-label">{t('demoDebts')}</div>
          <div className="demo-debt">
            <span>
              {t('demoBoris')} → {t('demoAnya')}
            </span>
            <span>{money(demo.boris)}</span>
          </div>
          <div className="demo-debt demo-debt-mine">
            <span>
              {t('demoYou')} → {t('demoAnya')}
            </span>
            <span>{money(demo.you)}</span>
          </div>
        </div>
      </div>
      <div className="demo-chat">
        <div className="demo-bubble demo-bubble-me">{t('demoBotMessage', { amount: demo.taxiTyped })}</div>
        <div className="demo-bubble demo-bubble-bot">{t('demoBotReply', { amount: money(demo.taxi) })}</div>
      </div>
    </div>
  );
}
