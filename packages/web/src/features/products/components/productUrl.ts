/** The public sales page of a product, as shared with buyers (DECISIONS 19). */
export const salesPageUrl = (id: string) => `${window.location.origin}/product/${id}`;
