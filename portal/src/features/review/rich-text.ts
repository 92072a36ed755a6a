/**
 * Classes for institute-authored HTML (questions, options, solutions): Tailwind's reset strips
 * list bullets, heading sizes and table borders, and there is no typography plugin, so this puts
 * back the few that questions use.
 */
export const RICH_TEXT =
  'max-w-none break-words [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_img]:inline-block [&_img]:max-w-full [&_table]:my-2 [&_td]:border [&_td]:border-base-300 [&_td]:px-2 [&_th]:border [&_th]:border-base-300 [&_th]:px-2 [&_h1]:text-xl [&_h2]:text-lg [&_h3]:font-semibold [&_a]:link [&_pre]:whitespace-pre-wrap [&_sub]:align-sub [&_sup]:align-super';
