public enum FitDemo {}
