// The catalogue as product-decisions.md fixes it. Prices from the spec are fixed;
// placeholder prices (marked) are for the shop owner to edit. Money in pence.

export const categories = [
  {
    slug: "hair-loss-treatments",
    name: "Hair Loss Treatments",
    headline: "Clinically proven hair loss treatments",
    description:
      "Treatments for thinning hair and hair loss in men and women, reviewed by our UK pharmacists before they are sent.",
    sortOrder: 1,
  },
  {
    slug: "weight-loss-treatments",
    name: "Weight Loss Treatments",
    headline: "Medical weight loss, with clinical support",
    description:
      "Prescription weight loss treatment for adults who meet the clinical criteria, after an online consultation with our prescribers.",
    sortOrder: 2,
  },
  {
    slug: "sexual-performance-treatments",
    name: "Sexual Performance Treatments",
    headline: "Discreet treatment for erectile dysfunction",
    description:
      "Consultations for erectile dysfunction treatment, assessed by a UK prescriber and delivered in plain packaging.",
    sortOrder: 3,
  },
];

export const treatmentTypes = [
  { slug: "minoxidil", name: "Minoxidil", description: "Topical minoxidil for hereditary hair loss." },
  { slug: "prescription", name: "Prescription service", description: "A specialist-reviewed prescription you collect from a local pharmacy." },
  { slug: "mounjaro", name: "Mounjaro", description: "Tirzepatide weekly injection for weight management." },
  { slug: "viagra", name: "Viagra", description: "Sildenafil for erectile dysfunction." },
  { slug: "cialis", name: "Cialis", description: "Tadalafil for erectile dysfunction." },
];

export const products = [
  {
    slug: "minoxidil-5-men",
    name: "Minoxidil 5% for Men",
    kind: "PHARMACY_MEDICINE",
    category: "hair-loss-treatments",
    treatmentType: "minoxidil",
    pricePence: 3200,
    isFeatured: true,
    sortOrder: 1,
    image: "/images/minoxidil-5-men.svg",
    imageAlt: "Bottle of Minoxidil 5% solution for men",
    summary: "A topical solution that helps slow hair loss and regrow hair on the crown.",
    description:
      "Minoxidil 5% is a pharmacy medicine applied to the scalp twice a day. It lengthens the growing phase of hair follicles, which can slow male-pattern hair loss and help regrow hair on the crown. Results usually show after 2 to 4 months of daily use.",
    whoFor:
      "Men aged 18 to 65 with hereditary (male-pattern) hair loss on the top of the head. Not suitable if you have heart problems, low blood pressure, a sore or shaved scalp, or sudden or patchy hair loss: our assessment checks this first.",
    howToUse:
      "Apply 1 ml to dry scalp twice a day, spread over the thinning area and wash your hands afterwards. Keep using it to keep the results.",
  },
  {
    slug: "minoxidil-2-women",
    name: "Minoxidil 2% for Women",
    kind: "PHARMACY_MEDICINE",
    category: "hair-loss-treatments",
    treatmentType: "minoxidil",
    pricePence: 3200,
    isFeatured: true,
    sortOrder: 2,
    image: "/images/minoxidil-2-women.svg",
    imageAlt: "Bottle of Minoxidil 2% solution for women",
    summary: "A gentler-strength topical solution for female-pattern hair thinning.",
    description:
      "Minoxidil 2% is a pharmacy medicine for hereditary hair thinning in women. Applied twice daily to the scalp, it helps slow hair loss and can thicken thinning hair along the parting. Results usually show after 4 months.",
    whoFor:
      "Women aged 18 to 65 with gradual thinning on the top of the head. Not suitable during pregnancy or breastfeeding, or with sudden, patchy or unexplained hair loss: our assessment checks this first.",
    howToUse: "Apply 1 ml to dry scalp twice a day over the thinning area and wash your hands afterwards.",
  },
  {
    slug: "men-shampoo",
    name: "Hair Growth Shampoo for Men",
    kind: "COSMETIC",
    category: "hair-loss-treatments",
    treatmentType: null,
    pricePence: 1599,
    isFeatured: true,
    sortOrder: 3,
    image: "/images/men-shampoo.svg",
    imageAlt: "Bottle of hair growth shampoo for men",
    summary: "A thickening shampoo with caffeine and biotin for fuller-looking hair.",
    description:
      "A daily cleansing shampoo with caffeine, biotin and saw palmetto that leaves hair looking thicker and fuller. A cosmetic product: it supports a hair-loss routine but does not treat hair loss on its own.",
    whoFor: "Men who want fuller-looking hair, on its own or alongside a treatment such as minoxidil.",
    howToUse: "Massage into wet hair and scalp, leave for 2 minutes, then rinse. Use daily.",
  },
  {
    slug: "women-shampoo",
    name: "Hair Growth Shampoo for Women",
    kind: "COSMETIC",
    category: "hair-loss-treatments",
    treatmentType: null,
    pricePence: 1599,
    isFeatured: true,
    sortOrder: 4,
    image: "/images/women-shampoo.svg",
    imageAlt: "Bottle of hair growth shampoo for women",
    summary: "A gentle volumising shampoo with biotin and keratin.",
    description:
      "A sulphate-free shampoo with biotin, keratin and rosemary that cleanses gently and leaves hair looking fuller. A cosmetic product: it complements, but does not replace, a hair-loss treatment.",
    whoFor: "Women who want fuller-looking hair, on its own or alongside a treatment such as minoxidil.",
    howToUse: "Massage into wet hair and scalp, leave for 2 minutes, then rinse. Use daily or as needed.",
  },
  {
    slug: "mounjaro",
    name: "Mounjaro (tirzepatide)",
    kind: "PRESCRIPTION_ONLY",
    category: "weight-loss-treatments",
    treatmentType: "mounjaro",
    pricePence: null,
    // GPhC guidance (2025): weight-loss medicines need verified weight and GP consent handling.
    requiresWeightVerification: true,
    requiresGpConsent: true,
    isFeatured: false,
    sortOrder: 1,
    image: "/images/mounjaro.svg",
    imageAlt: "Mounjaro injection pen",
    summary: "A consultation for Mounjaro, a weekly injection for weight management.",
    description:
      "Mounjaro (tirzepatide) is a prescription-only medicine for weight management, used with a reduced-calorie diet and more physical activity. It is given as a once-weekly injection. A prescriber decides whether it is right for you after an online consultation.",
    whoFor:
      "Adults with a BMI of 30 or more, or 27 or more with a weight-related condition. Not suitable during pregnancy or with some medical conditions: the consultation checks this.",
    howToUse: "If prescribed, inject once a week on the same day. Your prescriber explains the dose and how to increase it.",
  },
  {
    slug: "viagra",
    name: "Viagra (sildenafil)",
    kind: "PRESCRIPTION_ONLY",
    category: "sexual-performance-treatments",
    treatmentType: "viagra",
    pricePence: null,
    isFeatured: false,
    sortOrder: 1,
    image: "/images/viagra.svg",
    imageAlt: "Pack of Viagra tablets",
    summary: "A consultation for Viagra, a tablet for erectile dysfunction.",
    description:
      "Viagra (sildenafil) is a prescription-only medicine for erectile dysfunction. It helps blood flow to the penis during sexual arousal. A prescriber decides whether it is safe for you after an online consultation.",
    whoFor:
      "Men aged 18 or over with erectile dysfunction. Not suitable if you take nitrates or have certain heart conditions: the consultation checks this.",
    howToUse: "If prescribed, take one tablet about an hour before sex, no more than once a day.",
  },
  {
    slug: "cialis",
    name: "Cialis (tadalafil)",
    kind: "PRESCRIPTION_ONLY",
    category: "sexual-performance-treatments",
    treatmentType: "cialis",
    pricePence: null,
    isFeatured: false,
    sortOrder: 2,
    image: "/images/cialis.svg",
    imageAlt: "Pack of Cialis tablets",
    summary: "A consultation for Cialis, a longer-acting tablet for erectile dysfunction.",
    description:
      "Cialis (tadalafil) is a prescription-only medicine for erectile dysfunction that can work for up to 36 hours. A prescriber decides whether it is safe for you after an online consultation.",
    whoFor:
      "Men aged 18 or over with erectile dysfunction. Not suitable if you take nitrates or have certain heart conditions: the consultation checks this.",
    howToUse: "If prescribed, take one tablet at least 30 minutes before sex, or a lower daily dose as your prescriber advises.",
  },
  {
    slug: "prescription-service",
    name: "Prescription Service",
    kind: "SERVICE",
    category: null,
    treatmentType: "prescription",
    pricePence: 1999,
    isFeatured: false,
    sortOrder: 10,
    image: "/images/prescription-service.svg",
    imageAlt: "Prescription form and pharmacy bag",
    summary: "Answer a medical questionnaire; a specialist issues your prescription within 24 hours.",
    description:
      "Answer our hair and scalp questionnaire and pay £19.99. A specialist reviews your answers and, where appropriate, issues a prescription within 24 hours, which you collect from any local pharmacy you prefer.",
    whoFor: "Adults aged 18 or over in the UK with hair loss who would like a specialist-reviewed prescription.",
    howToUse: "Complete the questionnaire, pay securely, and collect your medicine from a pharmacy of your choice.",
  },
  {
    // The catalogue entry behind a prescription plan's supply: each period's order line is named
    // after the issued prescription (medicine and dose). Never sold on its own: not active, so no
    // product page, sitemap entry or cart.
    slug: "prescribed-medicine",
    name: "Your prescribed medicine",
    kind: "PRESCRIPTION_ONLY",
    category: null,
    treatmentType: "prescription",
    pricePence: null,
    isFeatured: false,
    isActive: false,
    sortOrder: 11,
    image: "/images/prescription-service.svg",
    imageAlt: "Prescription form and pharmacy bag",
    summary: "The medicine on your issued prescription, supplied by our pharmacy under your prescription plan.",
    description: "Supplied each period of a prescription plan, as your prescriber wrote it, after a pharmacist's review.",
    whoFor: "Patients whose prescription was issued through the prescription service and who chose a plan.",
    howToUse: "As the directions on your prescription say.",
  },
];

export const plans = [
  { slug: "minoxidil-1-month", treatmentType: "minoxidil", name: "Minoxidil 1 month", pricePence: 2999, durationMonths: 1, sortOrder: 1,
    description: "A month's supply: one 60 ml bottle with its dropper, checked by our pharmacist before it is sent." },
  { slug: "minoxidil-3-months", treatmentType: "minoxidil", name: "Minoxidil 3 months", pricePence: 7999, durationMonths: 3, sortOrder: 2,
    description: "Three months' supply: three 60 ml bottles with a dropper, checked by our pharmacist before they are sent." },
  // Placeholders for the shop owner to price.
  { slug: "prescription-3-months", treatmentType: "prescription", name: "Prescription 3 months", pricePence: 5499, durationMonths: 3, sortOrder: 1,
    description: "Prescription reviews every three months." },
  { slug: "prescription-6-months", treatmentType: "prescription", name: "Prescription 6 months", pricePence: 9999, durationMonths: 6, sortOrder: 2,
    description: "Prescription reviews every six months." },
  { slug: "mounjaro-1-month", treatmentType: "mounjaro", name: "Mounjaro 1 month", pricePence: 19900, durationMonths: 1, sortOrder: 1,
    description: "Four weekly pens and prescriber check-ins." },
  { slug: "viagra-1-month", treatmentType: "viagra", name: "Viagra 1 month", pricePence: 2499, durationMonths: 1, sortOrder: 1,
    description: "Eight tablets a month." },
  { slug: "cialis-1-month", treatmentType: "cialis", name: "Cialis 1 month", pricePence: 2999, durationMonths: 1, sortOrder: 1,
    description: "Eight tablets a month." },
];

export const consultationTypes = [
  { slug: "hair-consultation", name: "Hair consultation", pricePence: 5000, durationMinutes: 30, isDefault: true, sortOrder: 1, slotCapacity: 2,
    description: "A video consultation with one of our hair loss consultants." },
  { slug: "doctor-consultation", name: "Same-day doctor consultation", pricePence: 9500, durationMinutes: 20, isDefault: false, sortOrder: 2, slotCapacity: 1,
    description: "A same-day video consultation with a UK-registered doctor." },
];

export const deliveryOptions = [
  { slug: "standard", name: "Standard delivery", pricePence: 399, freeFromPence: 4000, sortOrder: 1,
    description: "2 to 4 working days. Free on orders of £40 or more." },
  { slug: "next-day", name: "Next day delivery", pricePence: 599, freeFromPence: null, sortOrder: 2,
    description: "Order by 2pm on a working day for delivery the next working day." },
];
