/** An amount in another currency (issue 26): the currency button and the rate line of the expense and settle-up forms. */
export const fx = {
  currencyOf: 'Currency of the amount',
  currencyGroup: "Group's currency",
  currencyUsed: 'Used in this group',
  currencyAll: 'All currencies',
  rateLabel: 'Rate',
  rateOf: 'Rate: {{to}} for 1 {{from}}',
  rateEdit: 'Edit rate',
  rateFetched: '{{provider}}, {{date}}',
  rateStored: 'rate of {{date}}',
  rateManual: 'rate typed by hand',
  rateLoading: 'Fetching the rate…',
  rateUnavailable: "No rate found. Enter it, or the amount in the group's currency",
  rateInvalid: 'The rate is a number above zero, at most 12 digits',
  rateRequired: "Enter the rate or the amount in the group's currency",
  convertedLabel: "In the group's currency, {{currency}}",
};
