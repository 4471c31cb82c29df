import { AiSection } from './AiSection';
import { CallToAction } from './CallToAction';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { LandingFooter } from './LandingFooter';
import { LandingHeader } from './LandingHeader';
import styles from './landing.module.css';
import { ManualSection } from './ManualSection';
import { MessengerSection } from './MessengerSection';
import { UseCases } from './UseCases';
import { useBotUsername } from './useBotUsername';
import { WhyUs } from './WhyUs';

/** /features: the public landing (spec §2), sections in the spec's order. */
export function LandingPage() {
  return <LandingView bot={useBotUsername()} />;
}

/** The landing with the bot's username given (src/static renders it at build time with a stand-in). */
export function LandingView({ bot }: { bot: string | null }) {
  return (
    <div className={styles.page}>
      <LandingHeader />
      <main>
        <Hero />
        <HowItWorks />
        <UseCases />
        <AiSection />
        <MessengerSection bot={bot} />
        <ManualSection />
        <WhyUs />
        <CallToAction />
      </main>
      <LandingFooter bot={bot} />
    </div>
  );
}
