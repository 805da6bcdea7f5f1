/** The public sales page of a product, as shared with buyers (rule: Sales page addresses). */
export const salesPageUrl = (id: string) => `${window.location.origin}/product/${id}`;
