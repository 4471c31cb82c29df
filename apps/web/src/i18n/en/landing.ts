export const landing = {
  getStarted: 'Get started',
  heroBadge: 'For trips, flatmates and groups of friends',
  heroTitle: 'Split shared expenses fairly, without the maths',
  heroPitch:
    'Create a group, add expenses and split them by amounts, shares or percentages — Dolya works out who owes whom. Or just text the bot an expense in plain words, and it figures out who paid and for whom.',

  stepsTitle: 'How it works',
  step1Title: 'Create a group',
  step1Text: 'Add your friends — even those who have no account yet.',
  step2Title: 'Add expenses',
  step2Text: 'Equally, by shares, by amounts or in percentages — however you agreed.',
  step3Title: 'Text the bot',
  step3Text: 'The bot picks the amount, the payer and the participants out of a plain message.',

  ctaTitle: 'Start splitting expenses',
  ctaText: 'Signing up takes less than a minute.',
  footer: '© {{year}} Dolya',

  // The illustration in the hero
  demoLabel: 'An example group',
  demoGroup: 'Weekend in Lisbon',
  demoMembers: 'Anna, Boris and you',
  demoHotel: 'Hotel',
  demoDinner: 'Dinner',
  demoPaidAnya: 'Anna paid',
  demoPaidYou: 'you paid',
  demoDebts: 'Who owes whom',
  demoBoris: 'Boris',
  demoAnya: 'Anna',
  demoYou: 'You',
  demoBotMessage: 'taxi {{amount}}, I paid for everyone',
  demoBotReply: 'Added “Taxi” — {{amount}}, split equally among 3',
};
