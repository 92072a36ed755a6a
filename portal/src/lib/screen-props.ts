/** Every screen receives its route's title, so headings and the tab title agree. */
export type ScreenProps = { title: string };
