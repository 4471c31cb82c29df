// petrovich 0.2.1 ships no types; this covers the one call we make.
declare module 'petrovich' {
  type Gender = 'male' | 'female' | 'androgynous';
  type GrammaticalCase =
    | 'nominative'
    | 'genitive'
    | 'dative'
    | 'accusative'
    | 'instrumental'
    | 'prepositional';
  interface Person {
    gender?: Gender;
    first?: string;
    middle?: string;
    last?: string;
  }
  function petrovich(person: Person, grammaticalCase: GrammaticalCase): Person;
  export default petrovich;
}
