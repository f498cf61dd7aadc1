/** A page of written content: kept as data so the words live apart from the layout. */
export interface ContentSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  /** Paragraphs after the list. */
  after?: string[];
}

export interface ContentDocument {
  title: string;
  lead: string;
  /** "Last updated" date of a policy, ISO. */
  updated?: string;
  sections: ContentSection[];
}
