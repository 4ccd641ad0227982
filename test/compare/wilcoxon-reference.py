import numpy as np, scipy
from scipy.stats import wilcoxon
print(scipy.__version__)
d=[6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75]
print('darwin exact', wilcoxon(d, method='exact'))
print('darwin approx nocorr', wilcoxon(d, method='approx'))
print('darwin approx corr', wilcoxon(d, method='approx', correction=True))
x=[1.83,0.50,1.62,2.48,1.68,1.88,1.55,3.06,1.30]; y=[0.878,0.647,0.598,2.05,1.06,1.29,1.06,3.14,1.29]
print('depr greater', wilcoxon(x,y,alternative='greater', method='exact'))
print('depr two', wilcoxon(x,y, method='exact'))
# ties and zeros
t=[1,2,2,3,-1,0,0,4,4,4,-2,5,6,-3,7,8,8,0,9,-4]
print('tied corr', wilcoxon(t, method='approx', correction=True, zero_method='wilcox'))
print('tied nocorr', wilcoxon(t, method='approx', correction=False, zero_method='wilcox'))
rng=np.random.default_rng(7)
a=np.round(rng.normal(0.3,1,80),1)
print('n80 list', list(a))
print('n80 corr', wilcoxon(a, method='approx', correction=True))
