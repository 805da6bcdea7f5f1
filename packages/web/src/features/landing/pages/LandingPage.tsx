import { LandingNav } from "@/features/landing/components/LandingNav";
import { Hero } from "@/features/landing/components/Hero";
import { CreatorsSection } from "@/features/landing/components/CreatorsSection";
import { FeatureGrid } from "@/features/landing/components/FeatureGrid";
import { FeatureTrio } from "@/features/landing/components/FeatureTrio";
import { PricingSection } from "@/features/landing/components/PricingSection";
import { Testimonial } from "@/features/landing/components/Testimonial";
import { LandingFooter } from "@/features/landing/components/LandingFooter";
import { StartButton } from "@/features/landing/components/StartButton";

/** Landing page `/`: marketing sections in the spec's order. */
export default function LandingPage() {
  return (
    <div className="min-h-screen overflow-x-clip bg-white">
      <LandingNav />
      <main>
        <Hero />
        <CreatorsSection />
        <FeatureGrid />
        <FeatureTrio />
        <PricingSection />
        <Testimonial />
        <ClosingCallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}

function ClosingCallToAction() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6">
      <div className="mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-violet-700 px-6 py-14 text-center shadow-xl sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Your next product could be live tonight
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">
          Create your sales page, connect payments and share the link. We take care of the rest.
        </p>
        <StartButton size="lg" variant="secondary" className="mt-8 border-transparent">
          Start Selling
        </StartButton>
      </div>
    </section>
  );
}
