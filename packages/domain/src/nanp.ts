/**
 * Which +1 numbers the product serves (issue 38): the North American Numbering Plan covers some twenty countries and
 * several kinds of numbers that cost the sender money (premium 900, toll-free, personal numbers). Only the real
 * geographic area codes of the United States and Canada are accepted, and within them only exchanges that can be a
 * subscriber's. The lists are data: nanp.test.ts has a case per rule, and a list changes here and nowhere else.
 *
 * Sources: the NANP Administrator's area code lists (nationalnanpa.com) and the CNA's (cnac.ca), 2025.
 */

/** Geographic area codes of the United States (the 50 states and the District of Columbia; no territories). */
export const US_AREA_CODES: Readonly<Record<string, string>> = {
  AL: '205 251 256 334 483 659 938',
  AK: '907',
  AZ: '480 520 602 623 928',
  AR: '327 479 501 870',
  CA: '209 213 279 310 323 341 350 369 408 415 424 442 510 530 559 562 619 626 628 650 657 661 669 707 714 747 760 805 818 820 831 837 840 858 909 916 925 949 951',
  CO: '303 719 720 748 970 983',
  CT: '203 475 860 959',
  DE: '302',
  DC: '202 771',
  FL: '239 305 321 324 352 386 407 448 561 645 656 689 727 728 754 772 786 813 850 863 904 941 954',
  GA: '229 404 470 478 678 706 762 770 912 943',
  HI: '808',
  ID: '208 986',
  IL: '217 224 309 312 331 447 464 618 630 708 730 773 779 815 847 861 872',
  IN: '219 260 317 463 574 765 812 930',
  IA: '319 515 563 641 712',
  KS: '316 620 785 913',
  KY: '270 364 502 606 859',
  LA: '225 318 337 457 504 985',
  ME: '207',
  MD: '227 240 301 410 443 667',
  MA: '339 351 413 508 617 774 781 857 978',
  MI: '231 248 269 313 517 586 616 679 734 810 906 947 989',
  MN: '218 320 507 612 651 763 924 952',
  MS: '228 471 601 662 769',
  MO: '235 314 417 557 573 636 660 816 975',
  MT: '406',
  NE: '308 402 531',
  NV: '702 725 775',
  NH: '603',
  NJ: '201 551 609 640 732 848 856 862 908 973',
  NM: '505 575',
  NY: '212 315 329 332 347 363 516 518 585 607 624 631 646 680 716 718 838 845 914 917 929 934',
  NC: '252 336 472 704 743 828 910 919 980 984',
  ND: '701',
  OH: '216 220 234 283 326 330 380 419 436 440 513 567 614 740 937',
  OK: '405 539 572 580 918',
  OR: '458 503 541 971',
  PA: '215 223 267 272 412 445 484 570 582 610 717 724 814 835 878',
  RI: '401',
  SC: '803 821 839 843 854 864',
  SD: '605',
  TN: '423 615 629 731 865 901 931',
  TX: '210 214 254 281 325 346 361 409 430 432 469 512 682 713 726 737 806 817 830 832 903 915 936 940 945 956 972 979',
  UT: '385 435 801',
  VT: '802',
  VA: '276 434 540 571 686 703 757 804 826 948',
  WA: '206 253 360 425 509 564',
  WV: '304 681',
  WI: '262 274 353 414 534 608 715 920',
  WY: '307',
};

/** Geographic area codes of Canada, by province and territory. */
export const CANADA_AREA_CODES: Readonly<Record<string, string>> = {
  AB: '368 403 587 780 825',
  BC: '236 250 257 604 672 778',
  MB: '204 431 584',
  NB: '428 506',
  NL: '709 879',
  NS_PE: '782 902',
  ON: '226 249 289 343 365 382 387 416 437 519 548 613 647 683 705 742 753 807 905 942',
  QC: '263 354 367 418 438 450 468 514 579 581 819 873',
  SK: '306 474 639',
  YT_NT_NU: '867',
};

/**
 * Area codes refused by name, each with the reason a test checks. Every code of the plan that is not in the two
 * lists above is refused too (unassigned); these are the ones someone might try, so the refusal is documented.
 */
export const REFUSED_AREA_CODES = {
  /** Premium-rate services: the caller pays per call or message. */
  premium: '900',
  /** Toll-free: the number's owner pays; open to SMS pumping. */
  tollFree: '800 833 844 855 866 877 888',
  /** Personal communication services (5XX "easily recognisable codes"). */
  personal: '500 521 522 523 524 525 526 527 528 529 533 544 566 577 588',
  /** Non-geographic services: interexchange carriers (700), US government (710), Canadian services (600, 622, 633). */
  nonGeographic: '600 622 633 700 710',
  /** N11: service codes, never an area code. */
  serviceCode: '211 311 411 511 611 711 811 911',
  /**
   * The other countries and the US territories of the plan: the Caribbean (premium-rate fraud's usual destinations,
   * 876 Jamaica, 649 Turks and Caicos…), Bermuda, Sint Maarten, Puerto Rico, the Pacific territories.
   */
  otherCountry:
    '242 246 264 268 284 340 345 441 473 649 658 664 670 671 684 721 758 767 784 787 809 829 849 868 869 876 939',
} as const satisfies Record<string, string>;

/** Exchanges (the three digits after the area code) that belong to no subscriber. */
export const REFUSED_EXCHANGES = {
  /** Premium-rate exchange ("976" numbers), inside any area code. */
  premium: '976',
  /** N11 service codes. */
  serviceCode: '211 311 411 511 611 711 811 911',
} as const satisfies Record<string, string>;

/** 555-0100 to 555-0199: reserved for fiction in every area code. */
export const FICTIONAL_LINES = /^5550(1\d\d)$/;

/** Why a +1 number is refused; null for a number the product serves. */
export type NanpRefusal =
  | 'format'
  | keyof typeof REFUSED_AREA_CODES
  | 'unassigned'
  | 'exchangeFormat'
  | 'premiumExchange'
  | 'serviceExchange'
  | 'fictional';

/** The codes of a list ("205 251 256" → ["205", "251", "256"]). */
export const codesOf = (list: string): string[] => list.split(' ');

const SERVED = new Set([...Object.values(US_AREA_CODES), ...Object.values(CANADA_AREA_CODES)].flatMap(codesOf));

type NamedRefusal = keyof typeof REFUSED_AREA_CODES;
const REFUSED_BY_CODE = new Map<string, NamedRefusal>(
  (Object.keys(REFUSED_AREA_CODES) as NamedRefusal[]).flatMap((reason) =>
    codesOf(REFUSED_AREA_CODES[reason]).map((code): [string, NamedRefusal] => [code, reason]),
  ),
);
const SERVICE_EXCHANGES = new Set(codesOf(REFUSED_EXCHANGES.serviceCode));
const PREMIUM_EXCHANGES = new Set(codesOf(REFUSED_EXCHANGES.premium));

/** The rule a ten-digit national number (area code, exchange, line) breaks, or null when it is served. */
export function nanpRefusal(number: string): NanpRefusal | null {
  if (!/^[2-9]\d{9}$/.test(number)) return 'format';
  const area = number.slice(0, 3);
  const exchange = number.slice(3, 6);
  const named = REFUSED_BY_CODE.get(area);
  if (named) return named;
  if (!SERVED.has(area)) return 'unassigned';
  if (!/^[2-9]/.test(exchange)) return 'exchangeFormat';
  if (SERVICE_EXCHANGES.has(exchange)) return 'serviceExchange';
  if (PREMIUM_EXCHANGES.has(exchange)) return 'premiumExchange';
  if (FICTIONAL_LINES.test(number.slice(3))) return 'fictional';
  return null;
}

/** Refusals about where the number is (a country or kind of number not served), rather than a mistyped number. */
export const NOT_SERVED_REFUSALS: readonly NanpRefusal[] = [
  'premium',
  'tollFree',
  'personal',
  'nonGeographic',
  'otherCountry',
  'unassigned',
  'premiumExchange',
];
