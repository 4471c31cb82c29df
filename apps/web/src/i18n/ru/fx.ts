/** An amount in another currency (issue 26): the currency button and the rate line of the expense and settle-up forms. */
export const fx = {
  currencyOf: 'Валюта суммы',
  currencyGroup: 'Валюта группы',
  currencyUsed: 'Были в этой группе',
  currencyAll: 'Все валюты',
  rateLabel: 'Курс',
  rateOf: 'Курс: сколько {{to}} за 1 {{from}}',
  rateEdit: 'Изменить курс',
  rateFetched: '{{provider}}, {{date}}',
  rateStored: 'курс на {{date}}',
  rateManual: 'курс введён вручную',
  rateLoading: 'Загружаем курс…',
  rateUnavailable: 'Курс не нашёлся. Введите его или сумму в валюте группы',
  rateInvalid: 'Курс — число больше нуля, не больше 12 цифр',
  rateRequired: 'Введите курс или сумму в валюте группы',
  convertedLabel: 'В валюте группы, {{currency}}',
} as const;
